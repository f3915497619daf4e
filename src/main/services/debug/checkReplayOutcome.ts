import type { ExecuteResult } from '../../../shared/executeResult';
import { compareRunOutcome } from './compareRunOutcome';
import type { RecordingAnswers } from './createRecordingAnswers';
import { describeToolCall } from './describeToolCall';

/**
 * After a replay against a recording: the first divergence seen during the run, else recorded calls
 * the replay never made, else a different final result. Undefined when the replay matched.
 */
export async function checkReplayOutcome(
  firstDivergence: string | undefined,
  answers: RecordingAnswers,
  result: ExecuteResult,
): Promise<string | undefined> {
  // The rest of the recording is read either way (its done is at the end).
  const { missed, firstMissed: first, done: recordedDone } = await answers.finish();
  if (firstDivergence) return firstDivergence;
  if (first)
    return `the replay made ${missed} fewer tool call(s) than the recording; the first not made: ${describeToolCall(first.providerName, first.toolName, first.input)}`;
  if (!recordedDone)
    return 'the recording has no done message (it was cut short), so the result cannot be compared';
  return compareRunOutcome(recordedDone, result);
}
