import { useDebugStore } from '../state/debugStore';
import { useTabStore } from '../state/tabStore';
import { useDebugSync } from '../state/useDebugSync';

/** Who waits for the person: held calls, named by the agent whose run asks; shown wherever they are. */
export function PendingApprovalBadge() {
  useDebugSync();
  const paused = useDebugStore((s) => s.paused);
  if (paused.length === 0) return null;
  const askers = [
    ...new Set(paused.map((call) => (call.origin.kind === 'agent' ? call.origin.clientName : 'your run'))),
  ];
  const approvals = paused.filter((call) => call.reason === 'approval').length;
  const what = approvals === paused.length ? 'waiting for approval' : 'held';
  return (
    <button
      type="button"
      className="pending-badge"
      data-testid="pending-badge"
      title="Show the held calls"
      onClick={() => useTabStore.getState().select('bottom', 'paused-call')}
    >
      {paused.length} {paused.length === 1 ? 'call' : 'calls'} {what} · {askers.join(', ')}
    </button>
  );
}
