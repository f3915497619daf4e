import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import type { Executor, ResolvedToolProvider } from '../../src/main/engine/core/types';
import { createDebugService, type DebugWorkspace } from '../../src/main/services/debug/createDebugService';
import { createRunsService, type RunsServiceOptions } from '../../src/main/services/runs/createRunsService';
import type { DebugEvent } from '../../src/shared/api/debug';
import type { RunsEvent } from '../../src/shared/api/runs';
import type { WorkspaceView } from '../../src/shared/api/workspace';
import type { ExecuteResult } from '../../src/shared/executeResult';
import { DEFAULT_RUNTIME_OPTIONS } from '../../src/shared/runtimeOptions';
import type { WorkspaceTranscriptRef } from '../../src/shared/workspaceFormat';
import { createSecretMasker } from '../../src/main/secrets/createSecretMasker';

type Event = DebugEvent | RunsEvent;

export const SECRET = 'sk-very-secret-value';
export const SECRET_NAME = 'API_KEY';
const masker = createSecretMasker([[SECRET_NAME, SECRET]]);

/** The runs service and the debug service wired together over a fake workspace in a temp folder. */
export async function createDebugHostHarness(
  executor: Executor,
  limits: Partial<typeof DEFAULT_RUNTIME_OPTIONS> = {},
  more: {
    runs?: Pick<RunsServiceOptions, 'transcriptMemoryEntries' | 'keepFinishedRuns'>;
    noSecrets?: boolean;
  } = {},
) {
  const dir = await mkdtemp(path.join(tmpdir(), 'execbox-debug-'));
  const transcripts: WorkspaceTranscriptRef[] = [];
  const events: Event[] = [];
  const listeners = new Set<(event: Event) => void>();
  const emit = (event: Event) => {
    events.push(event);
    for (const listener of listeners) listener(event);
  };
  const runtimeSettings = () => ({
    limits: { ...DEFAULT_RUNTIME_OPTIONS, ...limits },
    executor: { kind: 'worker', mode: 'pooled' } as const,
  });
  const providerCalls: unknown[] = [];
  const demo = resolveProvider({
    name: 'demo',
    tools: {
      echo: {
        description: 'Echo',
        execute: (input: unknown) => {
          providerCalls.push(input);
          return { echoed: input, key: SECRET };
        },
      },
      fail: {
        execute: () => {
          throw new Error('demo.fail always fails');
        },
      },
    },
  });
  const workspaceHost: DebugWorkspace = {
    workspace: {
      get: async () =>
        ({ path: path.join(dir, 'demo.execbox.json'), transcripts }) as unknown as WorkspaceView,
      addTranscript: async (ref) => {
        const entry = {
          id: `t${transcripts.length + 1}`,
          name: ref.name,
          file: path.relative(dir, ref.file),
        };
        transcripts.push(entry);
        return { ...entry, file: ref.file };
      },
      removeTranscript: async (id) => {
        transcripts.splice(
          transcripts.findIndex((ref) => ref.id === id),
          1,
        );
      },
    },
    runtimeSettings,
  };
  // The workspace's providers; a test may take them away (or swap them) between runs.
  let workspaceProviders: ResolvedToolProvider[] = [demo];
  const runs = createRunsService({
    resolvedProviders: async () => workspaceProviders,
    runtimeSettings,
    executorFor: () => executor,
    emit,
    batchIntervalMs: 1,
    transcriptDir: dir,
    ...more.runs,
  });
  const launcher = runs.launch;
  const debug = createDebugService({
    launcher,
    workspaceHost,
    emit,
    ...(more.noSecrets ? {} : { secretMasker: () => masker }),
    ...(more.runs?.keepFinishedRuns ? { keepFinishedRuns: more.runs.keepFinishedRuns } : {}),
  });
  runs.addExtension(debug.extension);

  function waitFor<T extends Event>(predicate: (event: Event) => event is T): Promise<T>;
  function waitFor(predicate: (event: Event) => boolean): Promise<Event>;
  function waitFor(predicate: (event: Event) => boolean): Promise<Event> {
    return new Promise((resolve) => {
      const listener = (event: Event) => {
        if (!predicate(event)) return;
        listeners.delete(listener);
        resolve(event);
      };
      listeners.add(listener);
    });
  }

  return {
    dir,
    events,
    /** Inputs the demo.echo provider really received. */
    providerCalls,
    /** Replaces the workspace's providers (the demo provider is the only one at first). */
    setWorkspaceProviders(providers: ResolvedToolProvider[]) {
      workspaceProviders = providers;
    },
    runs: runs.api,
    addExtension: runs.addExtension,
    debug: debug.api,
    transcripts,
    waitFor,
    nextPause: () =>
      waitFor(
        (event): event is Extract<DebugEvent, { type: 'paused' }> =>
          event.channel === 'debug' && event.type === 'paused',
      ).then((event) => event.paused),
    finished: (runId: string) =>
      waitFor(
        (event): event is Extract<RunsEvent, { type: 'finished' }> =>
          event.channel === 'runs' && event.type === 'finished' && event.runId === runId,
      ).then((event): ExecuteResult => event.result),
    replayChecked: (runId: string) =>
      waitFor(
        (event): event is Extract<DebugEvent, { type: 'replay_checked' }> =>
          event.channel === 'debug' && event.type === 'replay_checked' && event.runId === runId,
      ),
    async dispose() {
      await runs.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
