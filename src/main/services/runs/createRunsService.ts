import { RuntimeOptionsError } from '../../../shared/runtimeOptions';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type {
  ExecutorChoice,
  RunOrigin,
  RunRequest,
  RunsApi,
  RunsEvent,
  RunSummary,
  TapDecision,
  TapHeldMessage,
} from '../../../shared/api/runs';
import type { RuntimeSettings } from '../../../shared/api/workspace';
import type { ExecuteResult } from '../../../shared/executeResult';
import type { DoneMessage } from '../../../shared/protocol/messages';
import type { TranscriptEntry } from '../../../shared/transcript';
import { isCancelReason, type CancelReason } from '../../../shared/runOutcome';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import {
  checkRuntimeOptions,
  isRuntimeOptionName,
  type ExecutorRuntimeOptions,
} from '../../../shared/runtimeOptions';
import { storedRuntimeOptionProblem } from '../../../shared/runtimeOptionFields';
import { runnerCodeOrFailure } from '../../engine/core/toRunnerCode';
import type {
  Executor,
  ResolvedToolProvider,
  SessionFacts,
  ToolCallInterceptor,
} from '../../engine/core/types';
import { composeInterceptors } from './composeInterceptors';
import { createEntryBatcher } from './createEntryBatcher';
import { entriesForPage } from './entriesForPage';
import { createTranscriptRecorder } from '../../engine/core/createTranscriptRecorder';
import { createTranscriptStore, type TranscriptStore } from './createTranscriptStore';
import { createScratchDir } from '../../system/createScratchDir';
import { runFacts, runFinishedEvent } from './runFacts';
import { describeExecutorChoice } from './describeExecutorChoice';
import { runnerRefOf } from './runnerRefOf';
import type { RunnerRef } from '../../../shared/runnerRef';
import type { PreparedRun, RunExtension, RunLauncher } from './runExtension';
import { validateRunRequest } from './validateRunRequest';
import { runName } from './runName';
import { transcriptSlice } from './transcriptSlice';
import { checkTranscriptSearch } from './checkTranscriptSearch';
import { searchTranscript } from './searchTranscript';
import { checkRowIndexes, transcriptRowsAt } from './transcriptRowsAt';
import { checkTapEntries, checkTapHeld, checkTapName, checkTapRunner } from './checkTapInput';
import { TAP_EXECUTOR_NAME, tapCancelledResult, tapRunResult } from './tapRunResult';

export interface RunsServiceOptions {
  resolvedProviders(): Promise<ResolvedToolProvider[]>;
  runtimeSettings(): RuntimeSettings;
  /** The open workspace file, recorded with each run. */
  workspaceFile?(): string;
  /** The open workspace's name for a snippet id: a run of a snippet is listed by it. */
  snippetName?(id: string): string | undefined;
  executorFor(choice: ExecutorChoice): Executor | Promise<Executor>;
  emit(event: RunsEvent): void;
  extensions?: RunExtension[];
  /** Finished runs whose transcripts stay available to `transcript(runId)`. */
  keepFinishedRuns?: number;
  batchIntervalMs?: number;
  /** A run's transcript past this many entries moves to a file (default TRANSCRIPT_MEMORY_ENTRIES). */
  transcriptMemoryEntries?: number;
  /** The folder in which the private folder of such files is made (default: the system's temporary folder). */
  transcriptDir?: string;
}

/** Entries a run keeps as objects before its transcript moves to disk: most runs never get there. */
export const TRANSCRIPT_MEMORY_ENTRIES = 2000;

export interface RunsService {
  /** The renderer-facing runs API but the agent endpoint (the host composes that in). */
  api: Omit<RunsApi, 'agentEndpoint'>;
  /** Host-internal: starts a run with an extra interceptor or providers (replay against a recording). */
  launch: RunLauncher;
  addExtension(extension: RunExtension): void;
  /** Cancels every active run and waits for them to finish. */
  dispose(): Promise<void>;
}

interface TapRun {
  add(entries: TranscriptEntry[]): void;
  hold(held: TapHeldMessage): Promise<TapDecision>;
  close(): void;
}

interface RunRecord {
  summary: RunSummary;
  transcript: TranscriptStore;
  controller: AbortController;
  finished: Promise<void>;
  /** Set for a run an `execbox tap` streams in. */
  tap?: TapRun;
}

const PERSON: RunOrigin = Object.freeze({ kind: 'person' });

/** A setting the host refuses is the person's to fix, named in their words, never the sandbox failing. */
function refusedLimit(limits: Partial<ExecutorRuntimeOptions>) {
  const check = checkRuntimeOptions(limits);
  return !check.ok && isRuntimeOptionName(check.option) ? check.option : undefined;
}

function failure(code: 'internal_error' | 'validation_error', message: string): ExecuteResult {
  return { ok: false, error: { code, message }, logs: [], durationMs: 0 };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createRunsService(options: RunsServiceOptions): RunsService {
  const extensions = [...(options.extensions ?? [])];
  const keep = options.keepFinishedRuns ?? 20;
  const runs = new Map<string, RunRecord>();
  const scratch = createScratchDir('execbox-transcripts-', options.transcriptDir);

  function forgetOldRuns() {
    const finished = [...runs.values()].filter((run) => run.summary.state === 'finished');
    for (const run of finished.slice(0, Math.max(0, finished.length - keep))) {
      runs.delete(run.summary.runId);
      run.transcript.release();
    }
  }

  /** The bookkeeping every run has, app-made or tapped: id, transcript, live entries, finishing. */
  function beginRun(request: RunRequest, executorName: string, runner?: RunnerRef) {
    // Every run has an origin from here on: the person's unless the host said otherwise. Set in
    // place: extensions know a request they planned for (a replay) by its identity.
    request.origin ??= PERSON;
    const { origin } = request;
    const runId = randomUUID();
    const startedAt = performance.now();
    const transcript = createTranscriptStore({
      memoryEntries: options.transcriptMemoryEntries ?? TRANSCRIPT_MEMORY_ENTRIES,
      filePath: () => path.join(scratch.path(), `${runId}.jsonl`),
      onFileProblem: (error) =>
        process.emitWarning(`run ${runId} keeps its whole transcript in memory: ${error.message}`),
    });
    const recorder = createTranscriptRecorder(startedAt, transcript);
    const workspacePath = options.workspaceFile?.();
    const name = runName(request, options.snippetName);
    const summary: RunSummary = {
      runId,
      state: 'running',
      startedAt: new Date().toISOString(),
      origin,
      ...(name ? { name } : {}),
      ...(workspacePath ? { workspacePath } : {}),
    };
    const batcher = createEntryBatcher(
      (entries) => options.emit({ channel: 'runs', type: 'entries', runId, entries }),
      options.batchIntervalMs,
    );
    const controller = new AbortController();
    batcher.add(
      recorder.recordEvent({
        type: 'run_started',
        runId,
        executor: executorName,
        ...(runner ? { runner } : {}),
      }),
    );
    const context = {
      runId,
      request,
      origin,
      startedAt: summary.startedAt,
      transcript,
      emit: (event: Parameters<typeof recorder.recordEvent>[0]) => batcher.add(recorder.recordEvent(event)),
    };
    const prepared: PreparedRun[] = [];
    for (const extension of extensions) {
      const run = extension.prepareRun(context);
      if (run) prepared.push(run);
    }
    const finish = (
      result: ExecuteResult,
      limits: Partial<ExecutorRuntimeOptions>,
      session: SessionFacts | undefined,
      refusedOption?: ReturnType<typeof refusedLimit>,
    ): void => {
      const facts = runFacts(
        result,
        performance.now() - startedAt,
        session,
        controller.signal,
        limits,
        refusedOption,
      );
      summary.state = 'finished';
      summary.result = result;
      summary.facts = facts;
      batcher.add(recorder.recordEvent(runFinishedEvent(result, facts)));
      const entries = entriesForPage(batcher.takePending(), result);
      options.emit({ channel: 'runs', type: 'finished', runId, result, facts, entries });
      for (const extension of extensions) {
        try {
          extension.finishRun?.(runId, transcript, result);
        } catch {
          // An extension's bookkeeping must not break the run that already finished.
        }
      }
      forgetOldRuns();
    };
    const register = (finished: Promise<void>, tap?: TapRun) => {
      runs.set(runId, { summary, transcript, controller, finished, ...(tap ? { tap } : {}) });
      options.emit({
        channel: 'runs',
        type: 'started',
        runId,
        request,
        ...(workspacePath ? { workspacePath } : {}),
        ...(name ? { name } : {}),
      });
    };
    return { runId, startedAt, recorder, batcher, summary, controller, prepared, finish, register };
  }

  const launch: RunLauncher = async (request, extra) => {
    const settings = options.runtimeSettings();
    const choice = request.executor ?? settings.executor;
    const workspaceFile = options.workspaceFile?.();
    const run = beginRun(
      request,
      describeExecutorChoice(choice),
      runnerRefOf(choice, workspaceFile ? path.dirname(workspaceFile) : undefined),
    );
    const { recorder, batcher, summary, controller } = run;
    const prepared = extra ? [extra, ...run.prepared] : run.prepared;
    for (const { signal } of prepared) {
      if (!signal) continue;
      const abort = () => controller.abort(isCancelReason(signal.reason) ? signal.reason : 'user');
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
    }
    const runProviders = prepared.find((p) => p.providers)?.providers;
    const interceptors = prepared.flatMap((p) => (p.interceptToolCall ? [p.interceptToolCall] : []));
    const limits: Partial<ExecutorRuntimeOptions> = { ...settings.limits, ...request.limits };
    for (const p of prepared) Object.assign(limits, p.runtimeOverrides);

    let session: SessionFacts | undefined;
    const refusedOption = refusedLimit(limits);
    const execute = async (): Promise<ExecuteResult> => {
      let providers: ResolvedToolProvider[];
      let executor: Executor;
      if (refusedOption)
        return failure('validation_error', storedRuntimeOptionProblem(refusedOption, limits[refusedOption])!);
      try {
        providers = runProviders ?? (await options.resolvedProviders());
      } catch (error) {
        return failure('internal_error', `the providers could not be loaded: ${errorMessage(error)}`);
      }
      try {
        executor = await options.executorFor(choice);
      } catch (error) {
        return failure(
          'internal_error',
          `the ${describeExecutorChoice(choice)} executor could not start: ${errorMessage(error)}`,
        );
      }
      const interceptToolCall: ToolCallInterceptor | undefined = composeInterceptors(interceptors);
      try {
        return await runnerCodeOrFailure(request.code, (code) =>
          executor.execute(code, providers, {
            ...limits,
            signal: controller.signal,
            hooks: {
              onMessage: (observation) => {
                batcher.add(recorder.recordMessage(observation));
                // The done message waits to go with the result, which carries its value (entriesForPage).
                if (observation.message.type === 'done' && summary.state !== 'finished') batcher.hold();
              },
              onHostEvent: (event, at) => batcher.add(recorder.recordEvent(event, at)),
              onSettled: (facts) => {
                session = facts;
              },
              ...(interceptToolCall ? { interceptToolCall } : {}),
            },
          }),
        );
      } catch (error) {
        // A limit out of range (settings, a run extension) is a mistake in them, named, not the executor's.
        if (error instanceof RuntimeOptionsError) return failure('validation_error', error.message);
        return failure('internal_error', `the executor failed: ${errorMessage(error)}`);
      }
    };

    run.register(execute().then((result) => run.finish(result, limits, session, refusedOption)));
    return { runId: run.runId };
  };

  /** A session an `execbox tap` streams in: recorded and shown like any run, decided on by the debugger. */
  const openTap = async (info: unknown) => {
    const name = checkTapName(info);
    const request: RunRequest = { code: '', origin: { kind: 'tap', clientName: name } };
    const run = beginRun(request, TAP_EXECUTOR_NAME, checkTapRunner(info));
    let close!: (result: ExecuteResult) => void;
    const closed = new Promise<ExecuteResult>((resolve) => (close = resolve));
    const cancelled = () => close(tapCancelledResult());
    run.controller.signal.addEventListener('abort', cancelled, { once: true });
    const hold = run.prepared.find((p) => p.holdTapMessage)?.holdTapMessage;
    let lastDone: DoneMessage | undefined;
    const tap: TapRun = {
      add: (entries) => {
        for (const entry of entries) {
          if (entry.kind === 'message' && entry.message.type === 'done') lastDone = entry.message;
          if (entry.kind === 'event' && entry.event.type === 'run_started') continue;
          // The session's code is known once its execute goes by (a saved transcript's header needs it).
          if (entry.kind === 'message' && entry.message.type === 'execute' && request.code === '')
            request.code = entry.message.code;
          const recorded =
            entry.kind === 'message'
              ? run.recorder.recordMessage({ ...entry, at: run.startedAt + entry.at })
              : run.recorder.recordEvent(entry.event, run.startedAt + entry.at);
          run.batcher.add(recorded);
        }
      },
      hold: (held) =>
        hold ? hold(held, run.controller.signal) : Promise.resolve({ action: 'forward' as const }),
      close: () => close(tapRunResult(lastDone)),
    };
    run.register(
      closed.then((result) => {
        run.controller.signal.removeEventListener('abort', cancelled);
        run.finish(result, {}, undefined);
      }),
      tap,
    );
    return { runId: run.runId };
  };

  function openTapRun(runId: unknown): TapRun {
    const run = find(runId);
    if (!run.tap) throw new InvalidArgumentError('this run was not opened by a tap');
    if (run.summary.state === 'finished') throw new InvalidArgumentError('this tapped run has finished');
    return run.tap;
  }

  function find(runId: unknown): RunRecord {
    if (typeof runId !== 'string') throw new InvalidArgumentError('runId must be a string');
    const run = runs.get(runId);
    if (!run)
      throw new InvalidArgumentError(
        `no run with id ${JSON.stringify(runId)} (finished runs are kept ${keep} at a time)`,
      );
    return run;
  }

  const api: RunsService['api'] = {
    start: async (request) => launch(validateRunRequest(request)),
    cancel: async (runId) => {
      find(runId).controller.abort('user' satisfies CancelReason);
    },
    transcript: async (runId, range) => {
      const run = find(runId);
      return entriesForPage(transcriptSlice(run.transcript, range), run.summary.result);
    },
    transcriptSearch: async (runId, query, options) => {
      const { terms, from, direction, all } = checkTranscriptSearch(query, options);
      const { transcript } = find(runId);
      transcript.retain();
      try {
        return await searchTranscript(transcript, terms, from, direction, all);
      } finally {
        transcript.release();
      }
    },
    transcriptRows: async (runId, indexes) =>
      transcriptRowsAt(find(runId).transcript, checkRowIndexes(indexes)),
    list: async () => [...runs.values()].map((run) => ({ ...run.summary, entryCount: run.transcript.count })),
    openTap,
    tapEntries: async (runId, entries) => openTapRun(runId).add(checkTapEntries(entries)),
    tapHold: async (runId, held) => openTapRun(runId).hold(checkTapHeld(held)),
    closeTap: async (runId) => openTapRun(runId).close(),
  };

  return {
    api,
    launch,
    addExtension: (extension) => extensions.push(extension),
    dispose: async () => {
      const active = [...runs.values()].filter((run) => run.summary.state !== 'finished');
      for (const run of active) run.controller.abort('host_stopping' satisfies CancelReason);
      await Promise.all(active.map((run) => run.finished));
      for (const run of runs.values()) run.transcript.release();
      runs.clear();
      scratch.remove();
    },
  };
}
