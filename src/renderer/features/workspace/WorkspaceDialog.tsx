import { useState } from 'react';
import { ApiCallError } from '../../../shared/rpc/createApiClient';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { nativeFilePicker } from '../../state/pickFile';
import type { FilePickRequest } from '../../../shared/rpc/execboxBridge';
import { RecentWorkspaces } from './RecentWorkspaces';
import { WorkspaceIdentity } from './WorkspaceIdentity';

const SUFFIX = '.execbox.json';
const BUNDLE_SUFFIX = '.execbox-bundle.json';

function pathError(path: string, suffix = SUFFIX): string | undefined {
  if (!path.trim()) return undefined;
  return path.trim().endsWith(suffix) ? undefined : `the file name ends with ${suffix}`;
}

interface PendingReplace {
  what: string;
  message: string;
  run: () => Promise<string>;
}

/** Open, save as (switch), save a copy (keep this one), export and open bundles: paths on the host's disk. */
export function WorkspaceDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const workspace = usePlaygroundStore((s) => s.workspace);
  const notify = usePlaygroundStore((s) => s.notify);
  const [paths, setPaths] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [replace, setReplace] = useState<PendingReplace | null>(null);
  // Beside the form it is about, until the next attempt (notices fade or stack up in a corner).
  const [failure, setFailure] = useState<string | null>(null);
  const value = (key: string) => paths[key] ?? '';
  const set = (key: string) => (next: string) => setPaths((p) => ({ ...p, [key]: next }));
  const picker = nativeFilePicker();
  /** The app's native dialog fills the path field (browser mode has only the field). */
  const browse = (key: string, request: FilePickRequest) =>
    picker && (
      <button
        type="button"
        onClick={() =>
          void picker(request).then(
            (chosen) => chosen && set(key)(chosen),
            (error: unknown) => setFailure(`The file dialog failed: ${describeError(error)}`),
          )
        }
      >
        Browse…
      </button>
    );

  /** Runs an action; an existing target asks before the same action runs again with overwrite. */
  const act = async (what: string, action: (overwrite: boolean) => Promise<string>, overwrite = false) => {
    setBusy(true);
    setFailure(null);
    try {
      // One source for the dialog's confirmations: a newer one replaces what is no longer true.
      notify('info', await action(overwrite), 'workspace-dialog');
      setReplace(null);
      onClose();
    } catch (error) {
      if (!overwrite && error instanceof ApiCallError && error.kind === 'conflict') {
        setReplace({ what, message: error.message, run: () => action(true) });
      } else setFailure(`${what} failed: ${describeError(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const form = (
    key: string,
    label: string,
    button: string,
    run: (path: string, overwrite: boolean) => Promise<string>,
    suffix = SUFFIX,
    pick: FilePickRequest = { mode: 'save', kind: suffix === SUFFIX ? 'workspace' : 'bundle' },
  ) => (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        const path = value(key).trim();
        if (path && !pathError(path, suffix)) void act(button, (overwrite) => run(path, overwrite));
      }}
    >
      <Field label={label} error={pathError(value(key), suffix)}>
        <input
          value={value(key)}
          onChange={(e) => set(key)(e.target.value)}
          placeholder={`/path/to/name${suffix}`}
        />
      </Field>
      {browse(key, pick)}
      <button type="submit" disabled={busy || !value(key).trim() || !!pathError(value(key), suffix)}>
        {button}
      </button>
    </form>
  );

  const warned = (text: string, warnings: string[]) => [text, ...warnings].join('\n');

  return (
    <Dialog title="Workspace" onClose={onClose}>
      {workspace && (
        <p>
          <strong>{workspace.name}</strong>
          <br />
          <code className="muted">{workspace.path}</code>
        </p>
      )}
      {failure && (
        <div className="banner error" role="alert" data-testid="workspace-dialog-error">
          {failure}
        </div>
      )}
      {replace && (
        <div className="banner warn" role="alert">
          <p>{replace.message}</p>
          <div className="row">
            <button
              className="primary"
              disabled={busy}
              onClick={() => void act(replace.what, replace.run, true)}
            >
              Replace it
            </button>
            <button disabled={busy} onClick={() => setReplace(null)}>
              Keep it
            </button>
          </div>
        </div>
      )}
      <WorkspaceIdentity />
      <RecentWorkspaces onOpened={onClose} />
      {form(
        'open',
        'Open a workspace file',
        'Open',
        async (path) => {
          await api.workspace.open(path);
          return `Opened ${path}.`;
        },
        SUFFIX,
        { mode: 'open', kind: 'workspace' },
      )}
      {form('saveAs', 'Save as (switch to the new file)', 'Save as', async (path, overwrite) => {
        const view = await api.workspace.saveAs(path, { overwrite });
        return warned(`Saved as ${path}; this is now the open workspace.`, view.warnings);
      })}
      {form('saveCopy', 'Save a copy (this workspace stays open)', 'Save a copy', async (path, overwrite) => {
        const copy = await api.workspace.saveCopy(path, { overwrite });
        return warned(
          `Saved a copy at ${copy.path}, with its saved transcripts. This workspace stays open.`,
          copy.warnings,
        );
      })}
      {form(
        'export',
        'Export a bundle (workspace, transcripts, secret names; never secret values)',
        'Export',
        async (path, overwrite) => {
          const out = await api.workspace.exportBundle(path, { overwrite });
          const secrets = out.secrets.length ? ` Whoever opens it must set: ${out.secrets.join(', ')}.` : '';
          return warned(`Exported ${out.path}.${secrets}`, out.warnings);
        },
        BUNDLE_SUFFIX,
      )}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          const bundle = value('bundle').trim();
          const target = value('bundleTarget').trim();
          if (!bundle || !target || pathError(bundle, BUNDLE_SUFFIX) || pathError(target)) return;
          void act('Open bundle', async (overwrite) => {
            const view = await api.workspace.openBundle(bundle, target, { overwrite });
            const secrets = view.missingSecrets.length
              ? ` Set these secrets (Providers, Secrets): ${view.missingSecrets.join(', ')}.`
              : '';
            return `Opened the bundle as ${view.path}.${secrets}`;
          });
        }}
      >
        <Field label="Open a bundle" error={pathError(value('bundle'), BUNDLE_SUFFIX)}>
          <input
            value={value('bundle')}
            onChange={(e) => set('bundle')(e.target.value)}
            placeholder={`/path/to/shared${BUNDLE_SUFFIX}`}
          />
        </Field>
        <Field label="as the workspace file" error={pathError(value('bundleTarget'))}>
          <input
            value={value('bundleTarget')}
            onChange={(e) => set('bundleTarget')(e.target.value)}
            placeholder={`/path/to/name${SUFFIX}`}
          />
        </Field>
        <button type="submit" disabled={busy || !value('bundle').trim() || !value('bundleTarget').trim()}>
          Open bundle
        </button>
      </form>
      {form('empty', 'New empty workspace at', 'Create empty', async (path) => {
        await api.workspace.createEmpty(path);
        return `Created the empty workspace ${path}.`;
      })}
      {form('demo', 'Start from the demo, saved at', 'Create', async (path) => {
        await api.workspace.createFromDemo(path);
        return `Created ${path} from the demo.`;
      })}
      <p className="muted">
        A file that cannot be read is reported with where it broke, and the open workspace stays as it is.
      </p>
    </Dialog>
  );
}
