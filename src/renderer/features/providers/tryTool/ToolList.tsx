import { createSchema } from 'genson-js';
import { useState } from 'react';
import type { ProviderStatus, ProviderToolInfo, ToolAnnotations } from '../../../../shared/api/providers';
import { useApi } from '../../../state/hostContext';
import { usePlaygroundStore } from '../../../state/store';
import { describeError } from '../../../state/describeError';
import { latestToolResult } from '../../../../shared/view/latestToolResult';
import { ToolTryPanel } from './ToolTryPanel';

const HINTS: [keyof ToolAnnotations, string, string][] = [
  ['readOnlyHint', 'read-only', 'does not change anything'],
  ['destructiveHint', 'destructive', 'may delete or overwrite'],
  ['idempotentHint', 'idempotent', 'calling it twice does no more than once'],
  ['openWorldHint', 'open world', 'reaches outside systems'],
];

function AnnotationBadges({ annotations }: { annotations?: ToolAnnotations }) {
  if (!annotations) return null;
  return (
    <>
      {HINTS.filter(([key]) => annotations[key] === true).map(([key, word, meaning]) => (
        <span
          key={key}
          className={`badge hint-${word.replace(' ', '-')}`}
          title={`The server says: ${meaning}`}
        >
          {word}
        </span>
      ))}
    </>
  );
}

/** The recorded output type of a tool without an output schema: set from a result, edit, remove. */
function OutputTypeActions({ provider, tool }: { provider: ProviderStatus; tool: ProviderToolInfo }) {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const runs = usePlaygroundStore((s) => s.runs);
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string>();
  if (tool.outputSchema !== undefined && !tool.outputTypeRecorded) return null;
  const recorded = provider.config.outputTypes?.[tool.originalName];
  const save = (schema: unknown) =>
    api.providers
      .setOutputType(provider.id, tool.originalName, schema as Record<string, unknown> | null)
      .then(() => setEditing(null))
      .catch((error: unknown) => notify('error', `Could not set the output type: ${describeError(error)}`));
  const latest = latestToolResult(Object.values(runs), provider.name, tool.safeName);
  return (
    <div className="output-type">
      {latest.found && (
        <button className="link" onClick={() => void save(createSchema(latest.result))}>
          Use this shape as the output type
        </button>
      )}
      {!latest.found && recorded === undefined && (
        <span className="muted">Untyped result: call the tool once to use its shape as the output type.</span>
      )}
      {recorded !== undefined && editing === null && (
        <>
          <button className="link" onClick={() => setEditing(JSON.stringify(recorded, null, 2))}>
            edit output type
          </button>
          <button className="link danger" onClick={() => void save(null)}>
            remove output type
          </button>
        </>
      )}
      {editing !== null && (
        <div className="output-type-editor">
          <textarea
            aria-label={`Output type of ${provider.name}.${tool.safeName} (JSON Schema)`}
            rows={8}
            spellCheck={false}
            value={editing}
            onChange={(event) => {
              setEditing(event.target.value);
              try {
                JSON.parse(event.target.value);
                setProblem(undefined);
              } catch (error) {
                setProblem(`not valid JSON: ${describeError(error)}`);
              }
            }}
          />
          {problem && <div className="field-problem">{problem}</div>}
          <button disabled={Boolean(problem)} onClick={() => void save(JSON.parse(editing))}>
            Save output type
          </button>
          <button onClick={() => setEditing(null)}>Cancel</button>
        </div>
      )}
    </div>
  );
}

/** Every tool of a provider with its description and hints; any one can be tried from a form. */
export function ToolList({ provider }: { provider: ProviderStatus }) {
  const [open, setOpen] = useState<string | null>(null);
  if (provider.tools.length === 0) return <p className="muted">No tools (the provider is not ready).</p>;
  return (
    <ul className="tool-list" aria-label={`Tools of ${provider.name}`}>
      {provider.tools.map((tool) => (
        <li key={tool.safeName} className="tool-item" data-testid="tool-item">
          <div className="tool-head">
            <code className="tool-name">{tool.safeName}</code>
            <AnnotationBadges annotations={tool.annotations} />
            <button className="link" onClick={() => setOpen(open === tool.safeName ? null : tool.safeName)}>
              {open === tool.safeName ? 'close' : 'try'}
            </button>
          </div>
          {tool.description?.trim() && (
            <div className="tool-description muted" title={tool.description.trim()}>
              {tool.description.trim()}
            </div>
          )}
          <OutputTypeActions provider={provider} tool={tool} />
          {open === tool.safeName && <ToolTryPanel provider={provider} tool={tool} />}
        </li>
      ))}
    </ul>
  );
}
