import { useEffect, useMemo, useRef, useState } from 'react';
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
import { Dialog } from '../../../ui/Dialog';
import { Icon } from '../../../ui/Icon';

/**
 * Calls one tool without writing code: a form generated from its input schema (or JSON), checked as
 * you type. "Call" runs the same line "Copy as code" gives, so the call goes the way a guest's does:
 * through the sandbox, the transcript and the breakpoints. A deep schema can be opened wide, in a
 * dialog: the same form with the same state, back in the side pane on Escape.
 */
export function ToolTryPanel({ provider, tool }: { provider: ProviderStatus; tool: ProviderToolInfo }) {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const [value, setValue] = useState<unknown>(() => initialValue(tool.inputSchema) ?? {});
  const [mode, setMode] = useState<'form' | 'json'>('form');
  const [jsonText, setJsonText] = useState('');
  const [jsonProblem, setJsonProblem] = useState<string>();
  const [copied, setCopied] = useState(false);
  const [wide, setWide] = useState(false);
  const wasWide = useRef(false);
  const openWide = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Back from the dialog, the keyboard is where it left: on the button that opened it.
    if (!wide && wasWide.current) openWide.current?.focus();
    wasWide.current = wide;
  }, [wide]);
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

  const form = (
    <div className="tool-try" aria-label={`Try ${label}`} role="group">
      <div className="tool-try-modes">
        <div role="tablist" aria-label="Input as">
          <button role="tab" aria-selected={mode === 'form'} onClick={toForm} disabled={Boolean(jsonProblem)}>
            Form
          </button>{' '}
          <button role="tab" aria-selected={mode === 'json'} onClick={toJson}>
            JSON
          </button>
        </div>
        {wide ? (
          <button className="link tool-try-wide" onClick={() => setWide(false)}>
            <Icon name="screen-normal" /> Back to the side pane
          </button>
        ) : (
          <button
            ref={openWide}
            className="link tool-try-wide"
            title="The same form in a wide dialog (Escape brings it back)"
            onClick={() => setWide(true)}
          >
            <Icon name="screen-full" /> Open wide
          </button>
        )}
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

  if (!wide) return form;
  return (
    <>
      <p className="muted tool-try-elsewhere">Open in a wide dialog.</p>
      <Dialog title={`Try ${label}`} wide onClose={() => setWide(false)}>
        {form}
      </Dialog>
    </>
  );
}
