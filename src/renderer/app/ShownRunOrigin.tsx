import { describeRunOrigin } from '../../shared/format';
import { useApi } from '../state/hostContext';
import type { RunView } from '../state/runView';
import { showOwnRun } from '../state/showRun';
import { isOwnRun } from '../state/store';

const TITLES = {
  agent: 'An agent’s run, started through the agent endpoint',
  tap: 'A session execbox tap streams in',
} as const;

/** Whose run the panes show when it is not the person's own, with the way back to theirs. */
export function ShownRunOrigin({ run }: { run: RunView | undefined }) {
  const api = useApi();
  const origin = run?.origin ?? run?.request?.origin;
  if (!run || isOwnRun(origin)) return null;
  return (
    <>
      <span
        className={`run-origin run-origin-${origin?.kind ?? 'person'}`}
        data-testid="run-origin"
        title={origin?.kind === 'agent' || origin?.kind === 'tap' ? TITLES[origin.kind] : undefined}
      >
        {describeRunOrigin(origin)}
      </span>
      <button
        type="button"
        className="link"
        data-testid="back-to-own-run"
        title="Show your own last run in every pane"
        onClick={() => void showOwnRun(api)}
      >
        Back to your run
      </button>
    </>
  );
}
