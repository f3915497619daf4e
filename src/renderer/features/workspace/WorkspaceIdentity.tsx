import { useState } from 'react';
import { describeError } from '../../state/describeError';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { Field } from '../../ui/Field';

/** The open workspace's name and colour, which tell it apart from others in the header. */
export function WorkspaceIdentity() {
  const api = useApi();
  const workspace = usePlaygroundStore((s) => s.workspace);
  const notify = usePlaygroundStore((s) => s.notify);
  const [name, setName] = useState<string | null>(null);
  if (!workspace) return null;
  const shown = name ?? workspace.name;
  const fail = (what: string) => (error: unknown) =>
    notify('error', `Could not ${what}: ${describeError(error)}`);
  return (
    <div className="row workspace-identity">
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (shown.trim() && shown !== workspace.name)
            api.workspace.rename(shown.trim()).then(() => setName(null), fail('rename the workspace'));
        }}
      >
        <Field label="Name">
          <input value={shown} maxLength={200} onChange={(e) => setName(e.target.value)} />
        </Field>
        <button type="submit" disabled={!shown.trim() || shown === workspace.name}>
          Rename
        </button>
      </form>
      <Field label="Colour">
        <input
          type="color"
          value={workspace.color ?? '#888888'}
          onChange={(e) => void api.workspace.setColor(e.target.value).catch(fail('set the colour'))}
        />
      </Field>
      {workspace.color && (
        <button
          className="link"
          onClick={() => void api.workspace.setColor(null).catch(fail('remove the colour'))}
        >
          no colour
        </button>
      )}
    </div>
  );
}
