import { useEffect, useState } from 'react';
import type { ConditionCheck } from '../../../shared/api/debug';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { useDebugStore } from '../../state/debugStore';
import { useDebugSync } from '../../state/useDebugSync';

const CONDITION_HELP =
  'PATH OP VALUE, joined with "and". OP: == != > < >= <= contains matches exists. ' +
  'Examples: q == "bug" · limit > 10 · labels contains "p1" · path matches /\\.env$/i';

/** Add, toggle and remove breakpoints on tool calls; conditions are checked as you type. */
export function BreakpointsPanel() {
  const api = useDebugSync();
  const breakpoints = useDebugStore((s) => s.breakpoints);
  const providers = usePlaygroundStore((s) => s.providers);
  const notify = usePlaygroundStore((s) => s.notify);
  const [providerName, setProviderName] = useState('');
  const [toolName, setToolName] = useState('');
  const [condition, setCondition] = useState('');
  const [checked, setChecked] = useState<{ condition: string; result: ConditionCheck } | null>(null);
  // Until the host has checked the text as typed, the last answer for that text (or none) stands.
  const check: ConditionCheck =
    condition.trim() === '' || checked?.condition !== condition ? { ok: true } : checked.result;

  useEffect(() => {
    if (condition.trim() === '') return;
    let current = true;
    const timer = setTimeout(() => {
      api.debug
        .checkCondition(condition)
        .then((result) => current && setChecked({ condition, result }))
        .catch(
          (error: unknown) =>
            current &&
            setChecked({ condition, result: { ok: false, reason: describeError(error), column: 1 } }),
        );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, condition]);

  const tools = providers.find((provider) => provider.name === providerName)?.tools ?? [];
  const add = async () => {
    try {
      await api.debug.addBreakpoint({
        ...(providerName ? { providerName } : {}),
        ...(providerName && toolName ? { toolName } : {}),
        ...(condition.trim() ? { condition } : {}),
      });
      setCondition('');
    } catch (error) {
      notify('error', describeError(error));
    }
  };
  const act = (action: Promise<unknown>) =>
    action.catch((error: unknown) => notify('error', describeError(error)));

  return (
    <div className="debug-panel breakpoints-panel">
      <form
        className="breakpoint-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (check.ok) void add();
        }}
      >
        <label>
          Provider
          <select
            aria-label="Breakpoint provider"
            value={providerName}
            onChange={(event) => {
              setProviderName(event.target.value);
              setToolName('');
            }}
          >
            <option value="">any provider</option>
            {providers.map((provider) => (
              <option key={provider.id} value={provider.name}>
                {provider.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Tool
          <select
            aria-label="Breakpoint tool"
            value={toolName}
            disabled={!providerName}
            onChange={(event) => setToolName(event.target.value)}
          >
            <option value="">any tool</option>
            {tools.map((tool) => (
              <option key={tool.safeName} value={tool.safeName}>
                {tool.safeName}
              </option>
            ))}
          </select>
        </label>
        <label>
          Condition on the input (optional)
          <input
            aria-label="Breakpoint condition"
            placeholder='e.g. q == "bug"'
            value={condition}
            aria-invalid={!check.ok}
            spellCheck={false}
            onChange={(event) => setCondition(event.target.value)}
          />
        </label>
        {check.ok ? (
          <div className="field-hint">{CONDITION_HELP}</div>
        ) : (
          <div className="field-error" role="alert">
            Column {check.column}: {check.reason}
          </div>
        )}
        <button type="submit" className="primary" disabled={!check.ok}>
          Add breakpoint
        </button>
      </form>
      {breakpoints.length === 0 ? (
        <p className="muted">No breakpoints: runs go straight through. Add one to stop at a tool call.</p>
      ) : (
        <ul className="breakpoint-list" aria-label="Breakpoints">
          {breakpoints.map((breakpoint) => (
            <li key={breakpoint.id} data-testid="breakpoint">
              <input
                type="checkbox"
                aria-label={`Enable breakpoint ${breakpoint.id}`}
                checked={breakpoint.enabled}
                onChange={(event) =>
                  act(api.debug.updateBreakpoint(breakpoint.id, { enabled: event.target.checked }))
                }
              />
              <span className="breakpoint-where">
                {breakpoint.providerName
                  ? `${breakpoint.providerName}.${breakpoint.toolName ?? '*'}`
                  : 'every tool call'}
              </span>
              {breakpoint.condition && <code className="breakpoint-condition">{breakpoint.condition}</code>}
              <button
                className="link danger"
                aria-label={`Remove breakpoint ${breakpoint.id}`}
                onClick={() => act(api.debug.removeBreakpoint(breakpoint.id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
