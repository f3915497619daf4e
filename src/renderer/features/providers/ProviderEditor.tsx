import { useEffect, useMemo, useRef, useState } from 'react';
import {
  DEFAULT_MCP_REQUEST_TIMEOUT_MS,
  MAX_TOTAL_TIMEOUT_FACTOR,
  MCP_LOG_LEVELS,
  type NewProviderConfig,
  type ProviderConfig,
  type ProviderKind,
} from '../../../shared/api/providers';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import {
  buildProviderConfig,
  draftFromConfig,
  withFieldsNotInTheForm,
} from '../../../shared/view/buildProviderConfig';
import { DraftTextField } from './DraftTextField';
import { MockToolFields } from './MockToolFields';
import { ModuleProviderHelp } from './ModuleProviderHelp';
import { MoveToSecretStore } from './MoveToSecretStore';
import { emptyDraft, emptyMockTool, type ProviderDraft } from '../../../shared/view/providerDraft';
import { plural } from '../../../shared/format';

const KINDS: { kind: ProviderKind; label: string; hint: string }[] = [
  { kind: 'mock', label: 'Mock', hint: 'Tools you define here; works offline.' },
  { kind: 'mcp', label: 'MCP server', hint: 'A Model Context Protocol server over stdio or HTTP.' },
  { kind: 'tpmjs', label: 'TPMJS', hint: 'npm tools run by a TPMJS executor.' },
  { kind: 'module', label: 'Module', hint: 'A trusted ES module file exporting tools.' },
];

/** What only the host can check (answers against output schemas), asked again shortly after each edit. */
function useHostProblems(config: NewProviderConfig | undefined): Record<string, string> {
  const api = useApi();
  const [answer, setAnswer] = useState<{ config: NewProviderConfig; problems: Record<string, string> }>();
  useEffect(() => {
    if (!config || config.kind !== 'mock') return;
    let current = true;
    const timer = setTimeout(() => {
      api.providers.validate(config).then(
        (problems) => current && setAnswer({ config, problems }),
        () => current && setAnswer({ config, problems: {} }),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, config]);
  return answer && answer.config === config ? answer.problems : {};
}

/** The folder part of a host path (either separator), or undefined when there is no path. */
function folderOf(filePath: string | undefined): string | undefined {
  if (!filePath) return undefined;
  const cut = Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\'));
  return cut > 0 ? filePath.slice(0, cut) : cut === 0 ? filePath.slice(0, 1) : undefined;
}

/** Add or edit one provider; every field is checked as you type, and nothing is saved until it is valid. */
export function ProviderEditor(props: { existing?: ProviderConfig; onClose(): void; onImport?(): void }) {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const workspaceFolder = usePlaygroundStore((s) => folderOf(s.workspace?.path));
  const [draft, setDraft] = useState<ProviderDraft>(() =>
    props.existing ? draftFromConfig(props.existing) : emptyDraft('mock'),
  );
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<'saving' | 'testing' | null>(null);
  const [testResult, setTestResult] = useState<string | null>(null);
  const { config, errors } = useMemo(() => buildProviderConfig(draft), [draft]);
  const hostProblems = useHostProblems(config);
  const shown = touched ? { ...errors, ...hostProblems } : {};
  const blocked = Object.keys(hostProblems).length > 0;
  const set = (patch: Partial<ProviderDraft>) => {
    setTouched(true);
    setTestResult(null);
    setDraft((d) => ({ ...d, ...patch }));
  };

  const save = async () => {
    setTouched(true);
    if (!config || blocked) return;
    setBusy('saving');
    try {
      if (props.existing)
        await api.providers.update(props.existing.id, withFieldsNotInTheForm(config, props.existing));
      else await api.providers.add(config);
      props.onClose();
    } catch (error) {
      notify('error', `The provider was not saved: ${describeError(error)}`);
    } finally {
      setBusy(null);
    }
  };

  // The connection test in flight: closing the dialog (or "Stop") stops it and the server it started.
  const testAttempt = useRef<string | null>(null);
  const stopTest = () => {
    const attempt = testAttempt.current;
    testAttempt.current = null;
    if (attempt) void api.providers.cancelTest(attempt).catch(() => undefined);
  };
  useEffect(() => {
    // A reload or a closed window ends the dialog without unmounting it.
    window.addEventListener('pagehide', stopTest);
    return () => {
      window.removeEventListener('pagehide', stopTest);
      stopTest();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const test = async () => {
    setTouched(true);
    if (!config) return;
    setBusy('testing');
    setTestResult(null);
    // getRandomValues, unlike randomUUID, also works when browser mode is served over plain http.
    const attempt = `test-${crypto.getRandomValues(new Uint32Array(4)).join('-')}`;
    testAttempt.current = attempt;
    try {
      const result = await api.providers.test(config, attempt);
      setTestResult(
        result.ok
          ? `Connected: ${plural(result.toolCount ?? 0, 'tool')}.`
          : result.cancelled
            ? 'Stopped before it finished.'
            : `Failed: ${result.error ?? 'unknown reason'}`,
      );
    } catch (error) {
      setTestResult(`Failed: ${describeError(error)}`);
    } finally {
      if (testAttempt.current === attempt) testAttempt.current = null;
      setBusy(null);
    }
  };

  return (
    <Dialog
      title={props.existing ? `Edit provider ${props.existing.name}` : 'Add a provider'}
      onClose={props.onClose}
      wide
    >
      <form
        className="provider-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {!props.existing && props.onImport && (
          <p className="muted import-hint">
            Servers set up in Claude Desktop, Cursor, VS Code or Claude Code?{' '}
            <button type="button" className="link" onClick={props.onImport}>
              Import servers…
            </button>
          </p>
        )}
        {!props.existing && (
          <div className="kind-picker" role="radiogroup" aria-label="Provider kind">
            {KINDS.map((k) => (
              <label key={k.kind} className={`kind ${draft.kind === k.kind ? 'chosen' : ''}`} title={k.hint}>
                <input
                  type="radio"
                  name="kind"
                  checked={draft.kind === k.kind}
                  onChange={() =>
                    setDraft({ ...emptyDraft(k.kind), name: draft.name, description: draft.description })
                  }
                />
                <strong>{k.label}</strong>
                <span className="muted">{k.hint}</span>
              </label>
            ))}
          </div>
        )}
        <div className="row">
          <DraftTextField
            field="name"
            label="Name (the namespace in your program)"
            draft={draft}
            errors={shown}
            onChange={set}
            placeholder="github"
            autoFocus
          />
          <DraftTextField
            field="description"
            label="Description"
            draft={draft}
            errors={shown}
            onChange={set}
          />
        </div>

        {draft.kind === 'mock' && (
          <>
            {draft.tools.map((tool, index) => (
              <MockToolFields
                key={index}
                tool={tool}
                index={index}
                errors={shown}
                onChange={(next) => set({ tools: draft.tools.map((t, i) => (i === index ? next : t)) })}
                onRemove={() => set({ tools: draft.tools.filter((_, i) => i !== index) })}
              />
            ))}
            {shown.tools && <div className="field-error">{shown.tools}</div>}
            <button type="button" onClick={() => set({ tools: [...draft.tools, emptyMockTool()] })}>
              + Add a tool
            </button>
          </>
        )}

        {draft.kind === 'mcp' && (
          <>
            <Field label="Transport">
              <select
                value={draft.mcpTransport}
                onChange={(e) => set({ mcpTransport: e.target.value as ProviderDraft['mcpTransport'] })}
              >
                <option value="stdio">stdio (start a command)</option>
                <option value="http">Streamable HTTP (falls back to SSE)</option>
                <option value="sse">SSE only</option>
              </select>
            </Field>
            {draft.mcpTransport === 'stdio' ? (
              <>
                <DraftTextField
                  field="command"
                  label="Command"
                  draft={draft}
                  errors={shown}
                  onChange={set}
                  hint="Runs on this computer; you are asked before it starts."
                  placeholder="npx"
                />
                <DraftTextField
                  field="args"
                  label="Arguments (one per line)"
                  draft={draft}
                  errors={shown}
                  onChange={set}
                  rows={3}
                />
                <DraftTextField
                  field="env"
                  label="Environment (NAME=value per line)"
                  draft={draft}
                  errors={shown}
                  onChange={set}
                  hint="Use ${secret:NAME} for secret values."
                  rows={3}
                />
                <MoveToSecretStore field="env" draft={draft} onChange={set} />
                <DraftTextField
                  field="cwd"
                  label="Working directory"
                  draft={draft}
                  errors={shown}
                  onChange={set}
                  hint={`Where the command starts. Blank means the workspace file's folder${workspaceFolder ? ` (${workspaceFolder})` : ''}; a relative path is taken from that folder, and so is a relative command.`}
                  placeholder={workspaceFolder ?? "the workspace file's folder"}
                />
              </>
            ) : (
              <>
                <DraftTextField
                  field="url"
                  label="URL"
                  draft={draft}
                  errors={shown}
                  onChange={set}
                  placeholder="http://127.0.0.1:3000/mcp"
                />
                <DraftTextField
                  field="headers"
                  label="Headers (Name: value per line)"
                  draft={draft}
                  errors={shown}
                  onChange={set}
                  hint="Use ${secret:NAME} for tokens."
                  rows={3}
                />
                <MoveToSecretStore field="headers" draft={draft} onChange={set} />
                <details className="oauth-settings" open={draft.oauthClientId !== ''}>
                  <summary>OAuth (when the server asks you to sign in)</summary>
                  <p className="muted">
                    A server that answers 401 and names an authorization server gets a “Sign in” button; the
                    app registers itself there. Only where the authorization server offers no registration,
                    enter the client id registered for it.
                  </p>
                  <div className="row">
                    <DraftTextField
                      field="oauthClientId"
                      label="OAuth client id (optional)"
                      draft={draft}
                      errors={shown}
                      onChange={set}
                    />
                    <DraftTextField
                      field="oauthClientSecret"
                      label="Client secret (a secret reference)"
                      draft={draft}
                      errors={shown}
                      onChange={set}
                      placeholder="${secret:CLIENT_SECRET}"
                    />
                    <DraftTextField
                      field="oauthScope"
                      label="Scope (optional)"
                      draft={draft}
                      errors={shown}
                      onChange={set}
                    />
                  </div>
                </details>
              </>
            )}
            <DraftTextField
              field="requestTimeoutMs"
              label="Request timeout (ms, optional)"
              draft={draft}
              errors={shown}
              onChange={set}
              placeholder="30000"
            />
            <DraftTextField
              field="maxTotalTimeoutMs"
              label="Maximum total with progress (ms, optional)"
              draft={draft}
              errors={shown}
              onChange={set}
              placeholder={String(
                (Number(draft.requestTimeoutMs) || DEFAULT_MCP_REQUEST_TIMEOUT_MS) * MAX_TOTAL_TIMEOUT_FACTOR,
              )}
              hint="Each progress report from the server restarts the request timeout, up to this total."
            />
            <Field
              label="Server log level"
              error={shown.logLevel}
              hint="Log messages and stderr appear in the provider's console."
            >
              <select value={draft.logLevel} onChange={(e) => set({ logLevel: e.target.value })}>
                <option value="">the server's default</option>
                {MCP_LOG_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {level} and above
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}

        {draft.kind === 'tpmjs' && (
          <>
            <DraftTextField
              field="baseUrl"
              label="Executor base URL"
              draft={draft}
              errors={shown}
              onChange={set}
              placeholder="http://127.0.0.1:8787"
            />
            <DraftTextField
              field="apiKey"
              label="API key (a secret reference)"
              draft={draft}
              errors={shown}
              onChange={set}
              hint="For example ${secret:TPMJS_KEY}; set the value under Secrets."
              placeholder="${secret:TPMJS_KEY}"
            />
            <MoveToSecretStore field="apiKey" draft={draft} onChange={set} />
            <DraftTextField
              field="tpmjsTools"
              label="Tools (package@version::tool, one per line)"
              draft={draft}
              errors={shown}
              onChange={set}
              rows={4}
            />
            <DraftTextField
              field="env"
              label="Environment (NAME=value per line)"
              draft={draft}
              errors={shown}
              onChange={set}
              rows={3}
            />
            <MoveToSecretStore field="env" draft={draft} onChange={set} />
          </>
        )}

        {draft.kind === 'module' && (
          <>
            <DraftTextField
              field="path"
              label="Module file"
              draft={draft}
              errors={shown}
              onChange={set}
              hint="Relative to the workspace file, or absolute. Trusted: it runs in the host."
              placeholder="./tools.mjs"
            />
            <ModuleProviderHelp />
          </>
        )}

        {busy === 'testing' && (
          <div className="test-result" role="status">
            Testing: connecting and listing tools… Closing this dialog stops the test and any server it
            started.
          </div>
        )}
        {testResult && (
          <div
            className={`test-result ${testResult.startsWith('Connected') ? 'ok' : 'failed'}`}
            role="status"
          >
            {testResult}
          </div>
        )}
        <footer className="dialog-actions">
          {touched && !config && <span className="field-error">Fix the fields marked above to save.</span>}
          {busy === 'testing' ? (
            <button type="button" onClick={stopTest} title="Stop the test and the server it started">
              Stop test
            </button>
          ) : (
            <button type="button" onClick={() => void test()} disabled={busy !== null}>
              Test connection
            </button>
          )}
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="primary"
            disabled={busy !== null || (touched && (!config || blocked))}
          >
            {busy === 'saving' ? 'Saving…' : props.existing ? 'Save' : 'Add provider'}
          </button>
        </footer>
      </form>
    </Dialog>
  );
}
