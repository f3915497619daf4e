import { Field } from '../../ui/Field';
import type { DraftErrors } from '../../../shared/view/buildProviderConfig';
import type { MockToolDraft } from '../../../shared/view/providerDraft';

const MODE_HINTS: Record<MockToolDraft['mode'], string> = {
  fixed: 'Always answers with this JSON.',
  rules:
    'A JSON array of { "when": [{ "path": "/q", "equals": "x" }], "then": { "result": … } or { "error": { "code", "message" } } }.',
  handler: 'TRUSTED CODE: the body of async (input, context) => …, run in the host (not sandboxed).',
  manual: 'Each call asks you for the answer while the program waits.',
};

/** One mock tool: name, schemas, latency and its response mode. */
export function MockToolFields(props: {
  tool: MockToolDraft;
  index: number;
  errors: DraftErrors;
  onChange(tool: MockToolDraft): void;
  onRemove(): void;
}) {
  const { tool, index, errors } = props;
  const at = `tools.${index}`;
  const set = (patch: Partial<MockToolDraft>) => props.onChange({ ...tool, ...patch });
  return (
    <fieldset className="mock-tool">
      <legend>
        Tool {index + 1}
        <button type="button" className="link danger" onClick={props.onRemove}>
          remove
        </button>
      </legend>
      <div className="row">
        <Field label="Tool name" error={errors[`${at}.name`]}>
          <input
            value={tool.name}
            onChange={(e) => set({ name: e.target.value })}
            placeholder="search_issues"
          />
        </Field>
        <Field label="Latency (ms)" error={errors[`${at}.latencyMs`]}>
          <input
            value={tool.latencyMs}
            onChange={(e) => set({ latencyMs: e.target.value })}
            placeholder="0"
            inputMode="numeric"
          />
        </Field>
      </div>
      <Field label="Description">
        <input value={tool.description} onChange={(e) => set({ description: e.target.value })} />
      </Field>
      <div className="row">
        <Field label="Input JSON Schema" error={errors[`${at}.inputSchema`]}>
          <textarea
            className="code"
            rows={5}
            value={tool.inputSchema}
            onChange={(e) => set({ inputSchema: e.target.value })}
          />
        </Field>
        <Field label="Output JSON Schema (optional)" error={errors[`${at}.outputSchema`]}>
          <textarea
            className="code"
            rows={5}
            value={tool.outputSchema}
            onChange={(e) => set({ outputSchema: e.target.value })}
          />
        </Field>
      </div>
      <Field label="Response" hint={MODE_HINTS[tool.mode]}>
        <select value={tool.mode} onChange={(e) => set({ mode: e.target.value as MockToolDraft['mode'] })}>
          <option value="fixed">Fixed JSON</option>
          <option value="rules">Rules on the input</option>
          <option value="handler">Handler (trusted code)</option>
          <option value="manual">Ask me at each call</option>
        </select>
      </Field>
      {(tool.mode === 'fixed' || tool.mode === 'rules') && (
        <Field label={tool.mode === 'fixed' ? 'Result JSON' : 'Rules JSON'} error={errors[`${at}.response`]}>
          <textarea
            className="code"
            rows={5}
            value={tool.response}
            onChange={(e) => set({ response: e.target.value })}
          />
        </Field>
      )}
      {tool.mode === 'handler' && (
        <>
          <Field label="Handler body" error={errors[`${at}.handlerSource`]}>
            <textarea
              className="code"
              rows={5}
              value={tool.handlerSource}
              onChange={(e) => set({ handlerSource: e.target.value })}
            />
          </Field>
          <label className={`check ${errors[`${at}.handlerTrusted`] ? 'has-error' : ''}`}>
            <input
              type="checkbox"
              checked={tool.handlerTrusted}
              onChange={(e) => set({ handlerTrusted: e.target.checked })}
            />
            I trust this code: it runs in the host with the host's rights.
            {errors[`${at}.handlerTrusted`] && (
              <span className="field-error">{errors[`${at}.handlerTrusted`]}</span>
            )}
          </label>
        </>
      )}
    </fieldset>
  );
}
