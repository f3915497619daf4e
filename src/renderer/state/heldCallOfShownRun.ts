import type { PausedCall } from '../../shared/api/debug';
import { originNamer } from '../../shared/format';

/** The held call F8 and F10 act on: the oldest one of the run the panes show, never another run's. */
export function heldCallOfShownRun(
  paused: readonly PausedCall[],
  shownRunId: string | null,
): PausedCall | undefined {
  return shownRunId === null ? undefined : paused.find((call) => call.runId === shownRunId);
}

/** Why F8 or F10 did nothing: whose runs hold calls, and where to resume them. */
export function heldElsewhereNotice(paused: readonly PausedCall[], shownRunId: string | null): string {
  const name = originNamer(paused.map((call) => call.origin));
  const runs = [
    ...new Set(
      paused
        .filter((call) => call.runId !== shownRunId)
        .map((call) => (call.origin.kind === 'person' ? 'your run' : `${name(call.origin)}’s run`)),
    ),
  ];
  const holds = runs.length === 1 ? 'holds a call' : 'hold calls';
  return `The run shown holds no call; ${runs.join(', ')} ${holds}. Open it from its chip at the top, then press the key again.`;
}
