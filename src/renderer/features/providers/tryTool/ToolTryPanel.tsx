import { useMemo, useState } from 'react';
import type { ProviderStatus, ProviderToolInfo } from '../../../../shared/api/providers';
import { useApi } from '../../../state/hostContext';
import { isRunning } from '../../../state/runActions';
import { usePlaygroundStore } from '../../../state/store';
import { describeError } from '../../../state/describeError';
import { SchemaField } from './SchemaField';
import { SchemaProblemList } from './SchemaProblemList';
import { compileSchemaChecker, schemaProblems } from './schemaProblems';
import { initialValue } from '../../../../shared/view/schemaFormModel';
import { toolCallCode } from '../../../../shared/view/toolCallCode';

/**
 * Calls one tool without writing code: a form generated from its input schema (or JSON), checked as
 * you type. "Call" runs the same line "Copy as code" gives, so the call goes the way a guest's does:
 * through the sandbox, the transcript and the breakpoints.
 */
export function ToolTryPanel({ provider, tool }: { provider: ProviderStatus; tool: ProviderToolInfo }) {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const [value, setValue] = useState<unknown>(() => initialValue(tool.inputSchema) ?? {});
  const [mode, setMode] = useState<'form' | 'json'>('form');
  const [jsonText, setJsonText] = useState('');
  const [jsonProblem, setJsonProblem] = useState<string>();
  const [copied, setCopied] = useState(false);
  const validate = useMemo(
    () => compileSchemaChecker(tool.inputSchema, "the tool's input schema"),
    [tool.inputSchema],
  );
  const problems = jsonProblem ? [jsonProblem] : schemaProblems(validate, value, "the tool's input schema");
  const code = toolCallCode(provider.name, tool.safeName, value);
  const label = `${provider.name}.${tool.safeName}`;

  const toJson = () => {
    setJsonText(JSON.stringify(value ?? {}, null, 2));
    setJsonProblem(undefined);
    setMode('json');
  };
  const toForm = () => {
    if (jsonProblem) return; // stay: the text is kept until it is valid JSON
    setMode('form');
  };

  const call = async () => {
    if (problems.length > 0 || isRunning()) return;
    try {
      await api.runs.start({ code });
    } catch (error) {
      notify('error', `Could not call ${label}: ${describeError(error)}`);
    }
  };

  return (
    <div className="tool-try" aria-label={`Try ${label}`} role="group">
      <div className="tool-try-modes" role="tablist">
        <button role="tab" aria-selected={mode === 'form'} onClick={toForm} disabled={Boolean(jsonProblem)}>
          Form
        </button>
        <button role="tab" aria-selected={mode === 'json'} onClick={toJson}>
          JSON
        </button>
      </div>
      {mode === 'form' ? (
        <SchemaField
          schema={tool.inputSchema ?? {}}
          value={value}
          onChange={setValue}
          label="input"
          path=""
        />
      ) : (
        <textarea
          aria-label={`${label} input as JSON`}
          className="tool-try-json"
          spellCheck={false}
          rows={Math.min(16, Math.max(4, jsonText.split('\n').length + 1))}
          value={jsonText}
          onChange={(event) => {
            const text = event.target.value;
            setJsonText(text);
            try {
              setValue(JSON.parse(text));
              setJsonProblem(undefined);
            } catch (error) {
              setJsonProblem(`The JSON is not valid yet: ${describeError(error)}`);
            }
          }}
        />
      )}
      <SchemaProblemList
        problems={problems}
        label="Input problems"
        fits="The input fits the tool's schema."
      />
      <div className="tool-try-actions">
        <button className="primary" disabled={problems.length > 0} onClick={() => void call()}>
          Call {label}
        </button>
        <button
          onClick={() =>
            void navigator.clipboard.writeText(code).then(
              () => {
                setCopied(true);
                setTimeout(() => setCopied(false), 1500);
              },
              (error: unknown) => notify('error', `Could not copy: ${describeError(error)}`),
            )
          }
        >
          {copied ? 'Copied' : 'Copy as code'}
        </button>
      </div>
      <pre className="tool-try-code" aria-label="The call as code">
        {code}
      </pre>
    </div>
  );
}
