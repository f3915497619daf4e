import type { ExecuteResult } from '../../../shared/executeResult';
import type { DoneMessage } from '../../../shared/protocol/messages';
import { compareRunOutcome } from './compareRunOutcome';
import type { RecordingAnswers } from './createRecordingAnswers';
import { describeToolCall } from './describeToolCall';

/**
 * After a replay against a recording: the first divergence seen during the run, else recorded calls
 * the replay never made, else a different final result. Undefined when the replay matched.
 */
export function checkReplayOutcome(
  firstDivergence: string | undefined,
  answers: RecordingAnswers,
  recordedDone: DoneMessage | undefined,
  result: ExecuteResult,
): string | undefined {
  if (firstDivergence) return firstDivergence;
  const missed = answers.remaining();
  const first = missed[0];
  if (first)
    return `the replay made ${missed.length} fewer tool call(s) than the recording; the first not made: ${describeToolCall(first.providerName, first.toolName, first.input)}`;
  if (!recordedDone)
    return 'the recording has no done message (it was cut short), so the result cannot be compared';
  return compareRunOutcome(recordedDone, result);
}
