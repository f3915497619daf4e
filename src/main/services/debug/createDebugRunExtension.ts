import type { DebugEvent } from '../../../shared/api/debug';
import type { RunRequest } from '../../../shared/api/runs';
import type { RuntimeSettings } from '../../../shared/api/workspace';
import type { ExecuteResult } from '../../../shared/executeResult';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import type { ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';
import type { TranscriptReader } from '../runs/createTranscriptStore';
import type { RunExtension } from '../runs/runExtension';
import { checkReplayOutcome } from './checkReplayOutcome';
import type { ApprovalPolicy } from './createApprovalRules';
import type { BreakpointStore } from './createBreakpointStore';
import type { PausedCallRegistry } from './createPausedCallRegistry';
import type { RecordingAnswers } from './createRecordingAnswers';
import { createRunInterceptor } from './createRunInterceptor';
import { createTapHold } from './createTapHold';

export interface ReplayPlanState {
  answers: RecordingAnswers;
  firstDivergence?: string;
  /** Lets go of the recording once the replay is checked. */
  close?(): void;
}

export interface DebuggedRun {
  request: RunRequest;
  /** When the run started (ISO): a saved run is named after it. */
  startedAt: string;
  /** The options the user chose (the runner itself gets a ceiling timeout while a debugger is attached). */
  options: ExecutorRuntimeOptions;
  replay?: ReplayPlanState;
  /** The transcript as it records, while the run goes on (`finished` has it after). */
  transcript: TranscriptReader;
  finished?: { transcript: TranscriptReader; result: ExecuteResult };
}

export interface DebugRunExtension {
  extension: RunExtension;
  /** The next launch of exactly this request object replays against the recording. */
  planReplay(request: RunRequest, plan: ReplayPlanState): void;
  /** A finished run kept for saving, exporting and replaying; throws a clear error otherwise. */
  finishedRun(runId: unknown): { record: DebuggedRun; finished: NonNullable<DebuggedRun['finished']> };
  /** A run kept here, finished or still going (`live`), with its transcript; throws a clear error otherwise. */
  keptRun(runId: unknown): {
    runId: string;
    record: DebuggedRun;
    transcript: TranscriptReader;
    live: boolean;
  };
}

/**
 * Attaches the debugger to every run the host starts (breakpoints, replay answers), remembers the
 * recent finished runs, and reports whether a replay matched its recording.
 */
export function createDebugRunExtension(options: {
  breakpoints: BreakpointStore;
  pauses: PausedCallRegistry;
  runtimeSettings(): RuntimeSettings;
  emit(event: DebugEvent): void;
  keepFinishedRuns: number;
  approvals?: ApprovalPolicy;
  /** Hears each run that finished (what was kept about it while it went on can go). */
  onRunFinished?(runId: string): void;
}): DebugRunExtension {
  const { breakpoints, pauses, emit, keepFinishedRuns: keep } = options;
  const runs = new Map<string, DebuggedRun>();
  // Replay plans wait here, keyed by the very request object handed to the launcher.
  const pendingReplays = new WeakMap<RunRequest, ReplayPlanState>();

  function forgetOldRuns() {
    const finished = [...runs].filter(([, record]) => record.finished);
    for (const [runId, record] of finished.slice(0, Math.max(0, finished.length - keep))) {
      runs.delete(runId);
      record.finished?.transcript.release();
    }
  }

  function keptRecord(runId: unknown): DebuggedRun {
    if (typeof runId !== 'string') throw new InvalidArgumentError('runId must be a string');
    const record = runs.get(runId);
    if (!record)
      throw new InvalidArgumentError(
        `no run with id ${JSON.stringify(runId)} (the last ${keep} finished runs are kept)`,
      );
    return record;
  }

  const extension: RunExtension = {
    prepareRun(run) {
      const replay = pendingReplays.get(run.request);
      pendingReplays.delete(run.request);
      runs.set(run.runId, {
        request: run.request,
        startedAt: run.startedAt,
        options: { ...options.runtimeSettings().limits, ...run.request.limits },
        transcript: run.transcript,
        ...(replay ? { replay } : {}),
      });
      const interceptToolCall = createRunInterceptor({
        runId: run.runId,
        origin: run.origin,
        breakpoints,
        pauses,
        emit: run.emit,
        ...(options.approvals ? { approvals: options.approvals } : {}),
        ...(replay
          ? {
              replay: {
                answers: replay.answers,
                pauseOnDivergence: true,
                onDiverged: (_callId: string, reason: string) => {
                  replay.firstDivergence ??= reason;
                },
              },
            }
          : {}),
      });
      const holdTapMessage = createTapHold({
        runId: run.runId,
        origin: run.origin,
        breakpoints,
        pauses,
        emit: run.emit,
      });
      return { interceptToolCall, holdTapMessage };
    },
    finishRun(runId, transcript, result) {
      const record = runs.get(runId);
      if (!record) return;
      transcript.retain();
      record.finished = { transcript, result };
      options.onRunFinished?.(runId);
      forgetOldRuns();
      if (!record.replay) return;
      const { answers, firstDivergence, close } = record.replay;
      const checked = (reason: string | undefined) =>
        emit({
          channel: 'debug',
          type: 'replay_checked',
          runId,
          ok: reason === undefined,
          ...(reason ? { reason } : {}),
        });
      void checkReplayOutcome(firstDivergence, answers, result)
        .then(checked, (error: unknown) =>
          checked(
            `the rest of the recording could not be read: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => close?.());
    },
  };

  return {
    extension,
    planReplay: (request, plan) => pendingReplays.set(request, plan),
    finishedRun(runId) {
      const record = keptRecord(runId);
      if (!record.finished)
        throw new InvalidArgumentError('the run is still going: save or export it once it finishes');
      return { record, finished: record.finished };
    },
    keptRun(runId) {
      const record = keptRecord(runId);
      const transcript = record.finished?.transcript ?? record.transcript;
      return { runId: runId as string, record, transcript, live: !record.finished };
    },
  };
}
