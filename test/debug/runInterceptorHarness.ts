import type { PausedCall } from '../../src/shared/api/debug';
import type { ToolCallMessage } from '../../src/shared/protocol/messages';
import type { HostEvent } from '../../src/shared/transcript';
import type { ExecutionClock, ToolCallResult } from '../../src/main/engine/core/types';
import { createBreakpointStore } from '../../src/main/services/debug/createBreakpointStore';
import { createPausedCallRegistry } from '../../src/main/services/debug/createPausedCallRegistry';
import type { RecordingAnswers } from '../../src/main/services/debug/createRecordingAnswers';
import { createRunInterceptor } from '../../src/main/services/debug/createRunInterceptor';

/** A run interceptor wired to fakes: a counting clock, a recording dispatch and a pause queue. */
export function createRunInterceptorHarness(replay?: {
  answers: RecordingAnswers;
  pauseOnDivergence: boolean;
}) {
  const events: HostEvent[] = [];
  const dispatched: { input: unknown }[] = [];
  const clockLog: ('pause' | 'resume')[] = [];
  const clock: ExecutionClock = {
    pause: () => clockLog.push('pause'),
    resume: () => clockLog.push('resume'),
  };
  const waiters: ((paused: PausedCall) => void)[] = [];
  const pausedQueue: PausedCall[] = [];
  const pauses = createPausedCallRegistry({
    onPaused: (paused) => {
      const waiter = waiters.shift();
      if (waiter) waiter(paused);
      else pausedQueue.push(paused);
    },
    onResumed: () => {},
  });
  const breakpoints = createBreakpointStore();
  const intercept = createRunInterceptor({
    origin: { kind: 'person' },
    runId: 'run-1',
    breakpoints,
    pauses,
    emit: (event) => events.push(event),
    ...(replay ? { replay } : {}),
  });
  let nextCall = 1;
  const controller = new AbortController();
  let answer: (input: unknown) => ToolCallResult = (input) => ({ ok: true, result: { echoed: input } });

  return {
    events,
    dispatched,
    clockLog,
    breakpoints,
    pauses,
    controller,
    setAnswer(fn: (input: unknown) => ToolCallResult) {
      answer = fn;
    },
    call(providerName: string, safeToolName: string, input?: unknown): Promise<ToolCallResult> {
      const message: ToolCallMessage = {
        type: 'tool_call',
        callId: `call-${nextCall++}`,
        providerName,
        safeToolName,
      };
      if (input !== undefined) message.input = input;
      const dispatch = async (actual: unknown) => {
        dispatched.push({ input: actual });
        return answer(actual);
      };
      return intercept(message, dispatch, { signal: controller.signal, clock });
    },
    nextPause(): Promise<PausedCall> {
      const queued = pausedQueue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve) => waiters.push(resolve));
    },
    eventTypes: () => events.map((event) => event.type),
  };
}
