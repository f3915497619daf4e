import { useEffect, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';

/** A stable empty list: a selector must not return a new array on every call. */
const NO_NAMES: string[] = [];

const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Secret names only; a value can be set (write-only) or deleted, never read back. */
export function SecretsDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const missing = usePlaygroundStore((s) => s.workspace?.missingSecrets ?? NO_NAMES);
  const [names, setNames] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const reload = () =>
    api.workspace.listSecrets().then(setNames, (error: unknown) => notify('error', describeError(error)));
  useEffect(() => {
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const nameError =
    name && !SECRET_NAME.test(name) ? 'letters, digits and _ only, not starting with a digit' : undefined;

  return (
    <Dialog title="Secrets" onClose={onClose}>
      <p className="muted">
        Providers refer to secrets as <code>{'${secret:NAME}'}</code>. Values stay in this computer’s secret
        store: this list and the workspace file hold names only, and wherever a tool echoes a value the app
        shows <code>«secret:NAME»</code> instead, in saved runs and reports too.
      </p>
      <p className="muted" data-testid="secret-reveal-note">
        A result, transcript row, paused call, timeline or diff that shows <code>«secret:NAME»</code> offers{' '}
        <strong>Reveal secret NAME</strong>: it puts the value back in that one view, on your screen only,
        until you hide it or the view shows something else (the desktop app asks you first). Nothing is saved
        or sent.
      </p>
      <ul className="secret-list">
        {[...new Set([...names, ...missing])].sort().map((secret) => (
          <li key={secret}>
            <code>{secret}</code>
            {missing.includes(secret) && !names.includes(secret) ? (
              <span className="badge warn">no value</span>
            ) : (
              <span className="badge">set</span>
            )}
            <button className="link" onClick={() => setName(secret)}>
              set value
            </button>
            {names.includes(secret) && (
              <button
                className="link danger"
                onClick={() =>
                  void api.workspace
                    .deleteSecret(secret)
                    .then(reload, (e: unknown) => notify('error', describeError(e)))
                }
              >
                delete
              </button>
            )}
          </li>
        ))}
      </ul>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name || nameError || !value) return;
          void api.workspace.setSecret(name, value).then(
            () => {
              setValue('');
              setName('');
              notify('info', `Secret ${name} saved.`);
              return reload();
            },
            (error: unknown) => notify('error', describeError(error)),
          );
        }}
      >
        <Field label="Name" error={nameError}>
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder="GITHUB_TOKEN" />
        </Field>
        <Field label="Value (write-only)">
          <input
            type="password"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </Field>
        <button type="submit" className="primary" disabled={!name || !!nameError || !value}>
          Save secret
        </button>
      </form>
    </Dialog>
  );
}
