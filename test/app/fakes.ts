import type { ProvidersApi, ProvidersEvent } from '../../src/shared/api/providers';
import type { RuntimeSettings, WorkspaceApi, WorkspaceEvent } from '../../src/shared/api/workspace';
import type { ExecuteResult } from '../../src/shared/executeResult';
import { DEFAULT_RUNTIME_OPTIONS } from '../../src/shared/runtimeOptions';
import type { Executor, ExecutionOptions, ResolvedToolProvider } from '../../src/main/engine/core/types';
import type { WorkspaceHostLike } from '../../src/main/app/createPlaygroundHost';

export type FakeScript = (
  code: string,
  options: ExecutionOptions,
  providers: ResolvedToolProvider[],
) => Promise<ExecuteResult>;

/** An executor whose behaviour each test scripts; records what it was asked. */
export function createFakeExecutor(
  script: FakeScript,
): Executor & { calls: ExecutionOptions[]; disposed: boolean } {
  const fake = {
    calls: [] as ExecutionOptions[],
    disposed: false,
    execute: async (code: string, providers: ResolvedToolProvider[], options: ExecutionOptions = {}) => {
      fake.calls.push(options);
      return script(code, options, providers);
    },
    dispose: async () => {
      fake.disposed = true;
    },
  };
  return fake;
}

export const SETTINGS: RuntimeSettings = {
  limits: { ...DEFAULT_RUNTIME_OPTIONS },
  executor: { kind: 'process', mode: 'pooled' },
};

function unused(name: string): never {
  throw new Error(`${name} is not part of this fake`);
}

/** A workspace host with no providers; just enough for the runs service and the RPC layer. */
export function createFakeWorkspaceHost(): WorkspaceHostLike & {
  disposed: boolean;
  emit(event: WorkspaceEvent | ProvidersEvent): void;
} {
  const listeners = new Set<(event: WorkspaceEvent | ProvidersEvent) => void>();
  const fake = {
    disposed: false,
    workspace: new Proxy({} as WorkspaceApi, {
      get: (_t, key) => async () => (key === 'listSecrets' ? ['TOKEN'] : unused(String(key))),
    }),
    providers: new Proxy({} as ProvidersApi, { get: (_t, key) => async () => unused(String(key)) }),
    resolvedProviders: async () => [],
    runtimeSettings: () => SETTINGS,
    onEvent: (listener: (event: WorkspaceEvent | ProvidersEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (event: WorkspaceEvent | ProvidersEvent) => listeners.forEach((l) => l(event)),
    dispose: async () => {
      fake.disposed = true;
    },
  };
  return fake;
}

export function done(result: Partial<ExecuteResult> = {}): ExecuteResult {
  return { ok: true, result: 2, logs: [], durationMs: 1, ...result } as ExecuteResult;
}
