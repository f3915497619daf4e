import type { PausedCall } from '../../shared/api/debug';
import { originNamer } from '../../shared/format';
import { useDebugStore } from '../state/debugStore';
import { useApi } from '../state/hostContext';
import { showRun } from '../state/showRun';
import { usePlaygroundStore } from '../state/store';
import { useTabStore } from '../state/tabStore';
import { useDebugSync } from '../state/useDebugSync';
import { useHeldWait } from '../state/useHeldWait';
import { useNow } from '../ui/useNow';

/** The held calls of each run, in the order their runs first held one. */
function byRun(paused: readonly PausedCall[]): PausedCall[][] {
  const groups = new Map<string, PausedCall[]>();
  for (const call of paused) groups.set(call.runId, [...(groups.get(call.runId) ?? []), call]);
  return [...groups.values()];
}

/**
 * Who waits for the person, wherever they are: one chip per run holding calls, named by its origin
 * in the words every pane uses, with how long its oldest call has waited and whose deadline comes
 * when. A click opens that run in every pane with its held call.
 */
export function HeldCallChips() {
  useDebugSync();
  const paused = useDebugStore((s) => s.paused);
  const now = useNow(1000, paused.length > 0);
  if (paused.length === 0) return null;
  const name = originNamer(paused.map((call) => call.origin));
  return (
    <span className="held-chips" role="group" aria-label="Held calls">
      {byRun(paused).map((calls) => (
        <HeldRunChip key={calls[0]!.runId} calls={calls} originName={name(calls[0]!.origin)} now={now} />
      ))}
    </span>
  );
}

function HeldRunChip({ calls, originName, now }: { calls: PausedCall[]; originName: string; now: number }) {
  const api = useApi();
  const first = calls[0]!;
  const shown = usePlaygroundStore((s) => s.currentRunId === first.runId);
  const wait = useHeldWait(first, now, originName);
  const approvals = calls.filter((call) => call.reason === 'approval').length;
  const what = approvals === calls.length ? 'waiting for approval' : 'held';
  return (
    <button
      type="button"
      className={`pending-badge ${shown ? 'shown' : ''}`}
      data-testid="pending-badge"
      data-run-id={first.runId}
      aria-current={shown ? 'true' : undefined}
      title={`Open this run with its held ${calls.length === 1 ? 'call' : 'calls'} (run ${first.runId}, ${calls.map((call) => call.callId).join(', ')})`}
      onClick={() => {
        void showRun(api, first.runId);
        useTabStore.getState().select('bottom', 'paused-call');
      }}
    >
      {calls.length} {calls.length === 1 ? 'call' : 'calls'} {what} · {originName}{' '}
      <span className="held-wait">
        · {wait.waiting} · {wait.deadline}
      </span>
    </button>
  );
}
