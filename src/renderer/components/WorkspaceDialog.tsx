import { useState } from 'react';
import { useApi } from '../state/hostContext';
import { usePlaygroundStore } from '../state/store';
import { describeError } from '../util/describeError';
import { Dialog } from './Dialog';
import { Field } from './Field';

const SUFFIX = '.execbox.json';

function pathError(path: string): string | undefined {
  if (!path.trim()) return undefined;
  return path.trim().endsWith(SUFFIX) ? undefined : `a workspace file name ends with ${SUFFIX}`;
}

/** Open another workspace file, save a copy, or start over from the demo: paths on the host's disk. */
export function WorkspaceDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const workspace = usePlaygroundStore((s) => s.workspace);
  const notify = usePlaygroundStore((s) => s.notify);
  const [openPath, setOpenPath] = useState('');
  const [savePath, setSavePath] = useState('');
  const [demoPath, setDemoPath] = useState('');
  const [busy, setBusy] = useState(false);

  const act = async (what: string, action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      notify('info', `${what}: done.`);
      onClose();
    } catch (error) {
      notify('error', `${what} failed: ${describeError(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const form = (
    label: string,
    value: string,
    set: (v: string) => void,
    button: string,
    run: () => Promise<unknown>,
  ) => (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim() && !pathError(value)) void act(button, run);
      }}
    >
      <Field label={label} error={pathError(value)}>
        <input value={value} onChange={(e) => set(e.target.value)} placeholder={`/path/to/name${SUFFIX}`} />
      </Field>
      <button type="submit" disabled={busy || !value.trim() || !!pathError(value)}>
        {button}
      </button>
    </form>
  );

  return (
    <Dialog title="Workspace" onClose={onClose}>
      {workspace && (
        <p>
          <strong>{workspace.name}</strong>
          <br />
          <code className="muted">{workspace.path}</code>
        </p>
      )}
      {form('Open a workspace file', openPath, setOpenPath, 'Open', () =>
        api.workspace.open(openPath.trim()),
      )}
      {form('Save a copy as', savePath, setSavePath, 'Save as', () => api.workspace.saveAs(savePath.trim()))}
      {form('Start from the demo, saved at', demoPath, setDemoPath, 'Create', () =>
        api.workspace.createFromDemo(demoPath.trim()),
      )}
      <p className="muted">
        A file that cannot be read is reported with where it broke, and the open workspace stays as it is.
      </p>
    </Dialog>
  );
}
