import { useEffect, useState } from 'react';
import { agentConfigs, type AgentConfig } from '../../../shared/agentConfigs';
import type { AgentEndpoint } from '../../../shared/api/runs';
import { useDebugStore } from '../../state/debugStore';
import { useDebugSync } from '../../state/useDebugSync';
import type { ListedRun } from '../../state/workspaceRuns';
import { useWorkspaceRuns } from '../../state/useWorkspaceRuns';
import { showRun } from '../../state/showRun';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { describeRunOutcome, formatRunTime, originNamer } from '../../../shared/format';
import { agentPortWarning } from '../../../shared/agentPortWarning';
import '../../ui/runList.css';
import './agents.css';

function runState(run: ListedRun, paused: boolean): string {
  if (run.result) return describeRunOutcome(run.result, run.facts, run.origin).sentence;
  if (!run.live) return 'stopped with the host';
  return paused ? 'paused (waiting for you)' : 'running';
}

/** Where agents connect (ready-to-paste configuration) and the runs they started, live. */
export function AgentsPanel() {
  const api = useDebugSync();
  const notify = usePlaygroundStore((s) => s.notify);
  const { here } = useWorkspaceRuns();
  const currentRunId = usePlaygroundStore((s) => s.currentRunId);
  const followAgents = usePlaygroundStore((s) => s.followAgents);
  const paused = useDebugStore((s) => s.paused);
  const [endpoint, setEndpoint] = useState<AgentEndpoint | null | undefined>(undefined);
  const [client, setClient] = useState<AgentConfig['client']>('Claude Code');
  const [showToken, setShowToken] = useState(false);

  useEffect(() => {
    let live = true;
    api.runs.agentEndpoint().then(
      (found) => live && setEndpoint(found),
      () => live && setEndpoint(null),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const agentRuns = here.filter((run) => run.origin?.kind === 'agent').reverse();
  const agentName = originNamer(agentRuns.map((run) => run.origin));
  const configs = endpoint ? agentConfigs(endpoint) : [];
  const chosen = configs.find((config) => config.client === client) ?? configs[0];
  const shownJson =
    chosen && !showToken && endpoint ? chosen.json.split(endpoint.token).join('•'.repeat(12)) : chosen?.json;

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify('info', `Copied ${what} (it contains the token: paste it only into your own agent's settings)`);
    } catch (error) {
      notify('error', `Could not copy ${what}: ${describeError(error)}`);
    }
  };

  return (
    <div className="debug-panel agents-panel">
      <h3>Connect an agent</h3>
      {endpoint === undefined && <p className="muted">Asking the host…</p>}
      {endpoint === null && (
        <p className="muted">
          This host serves no agent endpoint. Run <code>execbox mcp</code> to serve a workspace to an agent on
          its own.
        </p>
      )}
      {endpoint && agentPortWarning(endpoint) && (
        <p className="agent-port-warning" role="alert">
          {agentPortWarning(endpoint)}
        </p>
      )}
      {endpoint && chosen && (
        <>
          <p className="muted">
            Any MCP client can run code against this workspace. Its runs appear below and in the transcript as
            they happen; breakpoints and “ask before running” apply to them.
          </p>
          <div className="agent-clients" role="tablist" aria-label="Agent">
            {configs.map((config) => (
              <button
                key={config.client}
                type="button"
                role="tab"
                aria-selected={config.client === chosen.client}
                className={config.client === chosen.client ? 'selected' : ''}
                onClick={() => setClient(config.client)}
              >
                {config.client}
              </button>
            ))}
          </div>
          <p className="agent-where">Paste into {chosen.where}:</p>
          <pre className="agent-config" aria-label={`${chosen.client} configuration`}>
            {shownJson}
          </pre>
          <div className="agent-actions">
            <button
              type="button"
              onClick={() => void copy(chosen.json, `the ${chosen.client} configuration`)}
            >
              Copy configuration
            </button>
            <button type="button" onClick={() => setShowToken((shown) => !shown)} aria-pressed={showToken}>
              {showToken ? 'Hide token' : 'Show token'}
            </button>
          </div>
          <p className="muted agent-url">
            Endpoint <code>{endpoint.url}</code>
          </p>
        </>
      )}
      <h3>Agent runs</h3>
      <label className="field-inline">
        <input
          type="checkbox"
          checked={followAgents}
          onChange={(e) => usePlaygroundStore.setState({ followAgents: e.target.checked })}
        />
        Follow agents’ runs (each new one takes over the result and transcript panes)
      </label>
      {agentRuns.length === 0 && <p className="muted">No agent has run anything yet.</p>}
      <ul className="run-list" aria-label="Agent runs">
        {agentRuns.map((run) => {
          const isPaused = paused.some((call) => call.runId === run.runId);
          const state = runState(run, isPaused);
          return (
            <li
              key={run.runId}
              className={`run-list-item agent-run ${run.runId === currentRunId ? 'current' : ''} ${run.result ? (run.result.ok ? 'ok' : 'failed') : run.live ? 'live' : ''}`}
            >
              <button
                type="button"
                className="run-list-open agent-run-open"
                title="Show this run in the result and transcript panes"
                onClick={() => void showRun(api, run.runId)}
              >
                <strong>{agentName(run.origin)}</strong> <span className="agent-run-state">{state}</span>{' '}
                <span className="muted">{formatRunTime(run.startedAt)}</span>
                <code>{run.name ?? ''}</code>
              </button>
              {run.live && (
                <button
                  type="button"
                  aria-label={`Cancel ${agentName(run.origin)}'s run`}
                  onClick={() =>
                    api.runs.cancel(run.runId).catch((error) => notify('error', describeError(error)))
                  }
                >
                  Cancel
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
