import type { PausedCall } from '../../../shared/api/debug';
import { useApi } from '../../state/hostContext';
import { showRun } from '../../state/showRun';
import { usePlaygroundStore } from '../../state/store';
import { useHeldWait } from '../../state/useHeldWait';
import { useNow } from '../../ui/useNow';

/**
 * Whose run a held call belongs to, in every card: the origin, the run's name, the call, how long it
 * has waited and whose deadline comes when; and, when the panes show another run, a way to open it.
 */
export function HeldCallRun({ call, originName }: { call: PausedCall; originName: string }) {
  const api = useApi();
  const now = useNow(1000);
  const wait = useHeldWait(call, now, originName);
  const runName = usePlaygroundStore((s) => s.runs[call.runId]?.name);
  const shown = usePlaygroundStore((s) => s.currentRunId === call.runId);
  return (
    <div className="held-call-run" data-testid="held-call-run" data-run-id={call.runId}>
      <span className="held-call-origin" data-testid="held-call-origin">
        {originName}
      </span>{' '}
      {runName && <span className="muted">“{runName}” · </span>}
      <span className="muted">
        call {call.callId} · {wait.waiting} · {wait.deadline}
      </span>{' '}
      {shown ? (
        <span className="muted">(the run shown)</span>
      ) : (
        <button
          type="button"
          className="link"
          onClick={() => void showRun(api, call.runId)}
          title="Show this run in the transcript, run bar and editor"
        >
          Show this run
        </button>
      )}
    </div>
  );
}
