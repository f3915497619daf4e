import type { ExecuteResult } from '../../../shared/executeResult';
import type { HostEvent, TranscriptEntry } from '../../../shared/transcript';
import type { TranscriptHeader } from '../../../shared/transcriptFile';
import type { Executor } from '../../engine/core/types';
import { checkReplayOutcome } from './checkReplayOutcome';
import { createBreakpointStore } from './createBreakpointStore';
import { createPausedCallRegistry } from './createPausedCallRegistry';
import { createRecordingAnswers } from './createRecordingAnswers';
import { createRunInterceptor } from './createRunInterceptor';
import { runnerCodeOrFailure } from '../../engine/core/toRunnerCode';
import { providersFromManifests } from './providersFromManifests';

export interface ReplayReport {
  /** True when every call matched the recording and the result is the recorded one. */
  matched: boolean;
  /** What differed first, when not matched. */
  divergence?: string;
  result: ExecuteResult;
  answeredCalls: number;
  events: HostEvent[];
}

/**
 * Re-runs a recorded transcript with every tool call answered from the recording (no providers
 * needed), or other code against those answers. The run stops at the first call that differs; the
 * result is compared at the end.
 */
export async function replayRecording(
  header: TranscriptHeader,
  entries: readonly TranscriptEntry[],
  executor: Executor,
  /** Other code to run against the recording's answers (edited code); the recorded code by default. */
  code: string = header.code,
): Promise<ReplayReport> {
  const answers = createRecordingAnswers(entries);
  const events: HostEvent[] = [];
  const controller = new AbortController();
  let firstDivergence: string | undefined;
  const interceptToolCall = createRunInterceptor({
    runId: header.runId ?? 'replay',
    origin: { kind: 'replay', against: 'recording', ...(header.name ? { transcript: header.name } : {}) },
    breakpoints: createBreakpointStore(),
    pauses: createPausedCallRegistry({ onPaused: () => {}, onResumed: () => {} }),
    emit: (event) => events.push(event),
    replay: {
      answers,
      pauseOnDivergence: false,
      onDiverged: (_callId, reason) => {
        firstDivergence ??= reason;
        controller.abort();
      },
    },
  });
  const result = await runnerCodeOrFailure(code, (code) =>
    executor.execute(code, providersFromManifests(header.providers), {
      ...header.options,
      signal: controller.signal,
      hooks: { interceptToolCall },
    }),
  );
  const divergence = await checkReplayOutcome(firstDivergence, answers, result);
  return {
    matched: divergence === undefined,
    ...(divergence ? { divergence } : {}),
    result,
    answeredCalls: events.filter((event) => event.type === 'replay_answered').length,
    events,
  };
}
