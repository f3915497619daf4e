import type { ListedRun } from '../../state/workspaceRuns';
import { useWorkspaceRuns } from '../../state/useWorkspaceRuns';
import { showRun } from '../../state/showRun';
import { describeRunOrigin, formatRunTime } from '../../../shared/format';
import { useDebugStore } from '../../state/debugStore';
import { describeError } from '../../state/describeError';
import { usePlaygroundStore } from '../../state/store';
import { useDebugSync } from '../../state/useDebugSync';
import '../../ui/runList.css';
import './tap.css';

function tapState(run: ListedRun, held: boolean): string {
  if (run.result) return run.result.ok ? 'ended' : `ended: ${run.result.error.code}`;
  if (!run.live) return 'stopped with the host';
  return held ? 'holding a message for you' : 'live';
}

/** Sessions `execbox tap --app` streams in from two programs this app did not start. */
export function TapPanel() {
  const api = useDebugSync();
  const notify = usePlaygroundStore((s) => s.notify);
  const { here } = useWorkspaceRuns();
  const currentRunId = usePlaygroundStore((s) => s.currentRunId);
  const paused = useDebugStore((s) => s.paused);
  // This workspace's sessions, the host's kept ones too: a reload or a reopened workspace shows them again.
  const tapRuns = here.filter((run) => run.origin?.kind === 'tap').reverse();

  return (
    <div className="debug-panel tap-panel">
      <h3>Tapped sessions</h3>
      <p className="muted">
        Put <code>execbox tap --app URL --name NAME --</code> in front of any runner command (URL: this page’s
        address with its token). The session between that host and runner shows here live, and breakpoints
        hold its tool calls and results: what you forward, edit or drop is what the real programs get.
      </p>
      {tapRuns.length === 0 && <p className="muted">No tapped session yet.</p>}
      <ul className="run-list" aria-label="Tapped sessions">
        {tapRuns.map((run) => {
          const held = paused.some((call) => call.runId === run.runId);
          const name = describeRunOrigin(run.origin);
          return (
            <li
              key={run.runId}
              className={`run-list-item ${run.runId === currentRunId ? 'current' : ''} ${run.live ? 'live' : 'ended'}`}
            >
              <button
                type="button"
                className="run-list-open"
                title="Show this session in the result and transcript panes"
                onClick={() => void showRun(api, run.runId)}
              >
                <strong>{name}</strong> <span className="tap-run-state">{tapState(run, held)}</span>{' '}
                <span className="muted">{formatRunTime(run.startedAt)}</span>
              </button>
              {run.live && (
                <button
                  type="button"
                  aria-label={`Stop watching ${name}`}
                  title="Stop showing this session here; the tapped programs go on"
                  onClick={() =>
                    api.runs.cancel(run.runId).catch((error) => notify('error', describeError(error)))
                  }
                >
                  Stop watching
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
