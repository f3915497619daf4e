import { useMemo, useState } from 'react';
import type { ProviderConfig, ProviderKind } from '../../shared/api/providers';
import { Dialog } from '../components/Dialog';
import { Field } from '../components/Field';
import { useApi } from '../state/hostContext';
import { usePlaygroundStore } from '../state/store';
import { describeError } from '../util/describeError';
import { buildProviderConfig, draftFromConfig } from '../../shared/view/buildProviderConfig';
import { MockToolFields } from './MockToolFields';
import { emptyDraft, emptyMockTool, type ProviderDraft } from '../../shared/view/providerDraft';

const KINDS: { kind: ProviderKind; label: string; hint: string }[] = [
  { kind: 'mock', label: 'Mock', hint: 'Tools you define here; works offline.' },
  { kind: 'mcp', label: 'MCP server', hint: 'A Model Context Protocol server over stdio or HTTP.' },
  { kind: 'tpmjs', label: 'TPMJS', hint: 'npm tools run by a TPMJS executor.' },
  { kind: 'module', label: 'Module', hint: 'A trusted ES module file exporting tools.' },
];

/** Add or edit one provider; every field is checked as you type, and nothing is saved until it is valid. */
export function ProviderEditor(props: { existing?: ProviderConfig; onClose(): void }) {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const [draft, setDraft] = useState<ProviderDraft>(() =>
    props.existing ? draftFromConfig(props.existing) : emptyDraft('mock'),
  );
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<'saving' | 'testing' | null>(null);
  const [testResult, setTestResult] = useState<string | null>(null);
  const { config, errors } = useMemo(() => buildProviderConfig(draft), [draft]);
  const shown = touched ? errors : {};
  const set = (patch: Partial<ProviderDraft>) => {
    setTouched(true);
    setTestResult(null);
    setDraft((d) => ({ ...d, ...patch }));
  };

  const save = async () => {
    setTouched(true);
    if (!config) return;
    setBusy('saving');
    try {
      if (props.existing) await api.providers.update(props.existing.id, config);
      else await api.providers.add(config);
      props.onClose();
    } catch (error) {
      notify('error', `The provider was not saved: ${describeError(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const test = async () => {
    setTouched(true);
    if (!config) return;
    setBusy('testing');
    try {
      const result = await api.providers.test(config);
      setTestResult(
        result.ok
          ? `Connected: ${result.toolCount ?? 0} tools.`
          : `Failed: ${result.error ?? 'unknown reason'}`,
      );
    } catch (error) {
      setTestResult(`Failed: ${describeError(error)}`);
    } finally {
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
          <Field label="Name (the namespace in your program)" error={shown.name}>
            <input
              value={draft.name}
              onChange={(e) => set({ name: e.target.value })}
              placeholder="github"
              autoFocus
            />
          </Field>
          <Field label="Description">
            <input value={draft.description} onChange={(e) => set({ description: e.target.value })} />
          </Field>
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
                <Field
                  label="Command"
                  error={shown.command}
                  hint="Runs on this computer; you are asked before it starts."
                >
                  <input
                    value={draft.command}
                    onChange={(e) => set({ command: e.target.value })}
                    placeholder="npx"
                  />
                </Field>
                <Field label="Arguments (one per line)">
                  <textarea
                    className="code"
                    rows={3}
                    value={draft.args}
                    onChange={(e) => set({ args: e.target.value })}
                  />
                </Field>
                <Field
                  label="Environment (NAME=value per line)"
                  error={shown.env}
                  hint="Use ${secret:NAME} for secret values."
                >
                  <textarea
                    className="code"
                    rows={3}
                    value={draft.env}
                    onChange={(e) => set({ env: e.target.value })}
                  />
                </Field>
              </>
            ) : (
              <>
                <Field label="URL" error={shown.url}>
                  <input
                    value={draft.url}
                    onChange={(e) => set({ url: e.target.value })}
                    placeholder="http://127.0.0.1:3000/mcp"
                  />
                </Field>
                <Field
                  label="Headers (Name: value per line)"
                  error={shown.headers}
                  hint="Use ${secret:NAME} for tokens."
                >
                  <textarea
                    className="code"
                    rows={3}
                    value={draft.headers}
                    onChange={(e) => set({ headers: e.target.value })}
                  />
                </Field>
              </>
            )}
            <Field label="Request timeout (ms, optional)" error={shown.requestTimeoutMs}>
              <input
                value={draft.requestTimeoutMs}
                onChange={(e) => set({ requestTimeoutMs: e.target.value })}
                placeholder="30000"
              />
            </Field>
          </>
        )}

        {draft.kind === 'tpmjs' && (
          <>
            <Field label="Executor base URL" error={shown.baseUrl}>
              <input
                value={draft.baseUrl}
                onChange={(e) => set({ baseUrl: e.target.value })}
                placeholder="http://127.0.0.1:8787"
              />
            </Field>
            <Field
              label="API key (a secret reference)"
              error={shown.apiKey}
              hint="For example ${secret:TPMJS_KEY}; set the value under Secrets."
            >
              <input
                value={draft.apiKey}
                onChange={(e) => set({ apiKey: e.target.value })}
                placeholder="${secret:TPMJS_KEY}"
              />
            </Field>
            <Field label="Tools (package@version::tool, one per line)" error={shown.tpmjsTools}>
              <textarea
                className="code"
                rows={4}
                value={draft.tpmjsTools}
                onChange={(e) => set({ tpmjsTools: e.target.value })}
              />
            </Field>
            <Field label="Environment (NAME=value per line)" error={shown.env}>
              <textarea
                className="code"
                rows={3}
                value={draft.env}
                onChange={(e) => set({ env: e.target.value })}
              />
            </Field>
          </>
        )}

        {draft.kind === 'module' && (
          <Field
            label="Module file"
            error={shown.path}
            hint="Relative to the workspace file, or absolute. Trusted: it runs in the host."
          >
            <input
              value={draft.path}
              onChange={(e) => set({ path: e.target.value })}
              placeholder="./tools.mjs"
            />
          </Field>
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
          <button type="button" onClick={() => void test()} disabled={busy !== null}>
            {busy === 'testing' ? 'Testing…' : 'Test connection'}
          </button>
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy !== null || (touched && !config)}>
            {busy === 'saving' ? 'Saving…' : props.existing ? 'Save' : 'Add provider'}
          </button>
        </footer>
      </form>
    </Dialog>
  );
}
