import { describeExecuteError } from '../../../shared/format/describeExecuteError';
import type { ExecuteResult } from '../../../shared/executeResult';
import type { DoneMessage } from '../../../shared/protocol/messages';
import type { TranscriptEntry } from '../../../shared/transcript';
import { jsonEqual } from '../../../shared/transcriptJsonEqual';

const MAX_SHOWN_CHARS = 300;

/** The recorded run's final `done` message, if the recording reached it. */
export function findRecordedDone(entries: readonly TranscriptEntry[]): DoneMessage | undefined {
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index];
    if (entry?.kind === 'message' && entry.message.type === 'done') return entry.message;
  }
  return undefined;
}

/** How the replayed result differs from the recorded one, or undefined when they agree (duration aside). */
export function compareRunOutcome(recorded: DoneMessage, replayed: ExecuteResult): string | undefined {
  if (recorded.ok !== replayed.ok)
    return `the recording ${recorded.ok ? 'succeeded' : 'failed'} but the replay ${replayed.ok ? 'succeeded' : `failed with ${replayed.error.code}: ${describeExecuteError(replayed.error)}`}`;
  if (recorded.ok && replayed.ok && !jsonEqual(recorded.result, replayed.result))
    return `the result differs: recorded ${show(recorded.result)}, replayed ${show(replayed.result)}`;
  if (!recorded.ok && !replayed.ok) {
    // Compared as a person reads them: a recording made when runners put the name, line and tool
    // into the message still agrees with a replay that carries them beside it.
    const was = describeExecuteError(recorded.error);
    const now = describeExecuteError(replayed.error);
    if (recorded.error.code !== replayed.error.code || was !== now)
      return `the error differs: recorded ${recorded.error.code}: ${was}, replayed ${replayed.error.code}: ${now}`;
  }
  if (!jsonEqual(recorded.logs, replayed.logs))
    return `the logs differ: recorded ${show(recorded.logs)}, replayed ${show(replayed.logs)}`;
  return undefined;
}

function show(value: unknown): string {
  const json = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
  return json.length > MAX_SHOWN_CHARS ? `${json.slice(0, MAX_SHOWN_CHARS)}…` : json;
}
