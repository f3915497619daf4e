import type { ProviderStatus } from '../../../shared/api/providers';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { ApprovalNoticeSettings } from './ApprovalNoticeSettings';

/**
 * “Ask before running” per tool: a marked tool's every call (from the editor, an agent or a replay)
 * waits in the Paused panel for you to run it, edit its input, answer by hand or reject it.
 */
export function ToolApprovalToggles(props: {
  provider: ProviderStatus;
  /** Held by the pane: the provider reloads after each tick, and the list must stay open meanwhile. */
  open: boolean;
  onToggle(open: boolean): void;
}) {
  const { provider } = props;
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const marked = new Set(provider.config.askBeforeRunning ?? []);
  const isMarked = (tool: ProviderStatus['tools'][number]) =>
    marked.has(tool.originalName) || marked.has(tool.safeName);
  const save = (next: Set<string>) => {
    const config = { ...provider.config };
    if (next.size > 0) config.askBeforeRunning = [...next];
    else delete config.askBeforeRunning;
    api.providers
      .update(provider.id, config)
      .catch((error: unknown) =>
        notify('error', `Could not change “ask before running”: ${describeError(error)}`),
      );
  };
  const toggle = (tool: ProviderStatus['tools'][number], ask: boolean) => {
    const next = new Set([...marked].filter((name) => name !== tool.originalName && name !== tool.safeName));
    if (ask) next.add(tool.originalName);
    save(next);
  };
  const allMarked = provider.tools.length > 0 && provider.tools.every(isMarked);
  return (
    <details
      className="tool-approvals"
      open={props.open}
      onToggle={(event) => props.onToggle(event.currentTarget.open)}
    >
      <summary>Ask before running{marked.size > 0 ? ` (${marked.size})` : ''}</summary>
      <ul>
        <li>
          <label>
            <input
              type="checkbox"
              checked={allMarked}
              onChange={(event) =>
                save(new Set(event.target.checked ? provider.tools.map((tool) => tool.originalName) : []))
              }
            />{' '}
            all tools
          </label>
        </li>
        {provider.tools.map((tool) => (
          <li key={tool.safeName}>
            <label>
              <input
                type="checkbox"
                checked={isMarked(tool)}
                onChange={(event) => toggle(tool, event.target.checked)}
              />{' '}
              {tool.safeName}
            </label>
          </li>
        ))}
      </ul>
      <ApprovalNoticeSettings />
    </details>
  );
}
