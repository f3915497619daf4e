import type { LocalExecutorStartOptions, LocalExecutorStatus } from '../../../shared/api/network';
import {
  startTpmjsExecutor,
  type TpmjsExecutorHandle,
} from '../../programs/tpmjsExecutor/startTpmjsExecutor';
import type { TpmjsExecutorOptions } from '../../programs/tpmjsExecutor/tpmjsExecutorOptions';

export interface LocalExecutorControlOptions {
  /** Fixed settings for every start (cache folder, tool child program, limits). */
  executor?: Omit<TpmjsExecutorOptions, 'host' | 'port' | 'registry' | 'apiKey'>;
  readSecret?(name: string): Promise<string | undefined>;
  onStatus(status: LocalExecutorStatus): void;
}

export interface LocalExecutorControl {
  status(): LocalExecutorStatus;
  start(options: LocalExecutorStartOptions): Promise<LocalExecutorStatus>;
  stop(): Promise<LocalExecutorStatus>;
}

/** Starts and stops the app's own TPMJS executor on loopback, reporting each change of state. */
export function createLocalExecutorControl(options: LocalExecutorControlOptions): LocalExecutorControl {
  let status: LocalExecutorStatus = { state: 'stopped', authRequired: false };
  let handle: TpmjsExecutorHandle | undefined;
  let pending: Promise<LocalExecutorStatus> | undefined;

  const set = (next: LocalExecutorStatus) => {
    status = next;
    options.onStatus(next);
    return next;
  };

  async function start(request: LocalExecutorStartOptions): Promise<LocalExecutorStatus> {
    if (handle) return status;
    let apiKey: string | undefined;
    if (request.apiKeySecret) {
      apiKey = await options.readSecret?.(request.apiKeySecret);
      if (!apiKey) {
        return set({
          state: 'error',
          authRequired: false,
          error: `there is no secret named ${request.apiKeySecret}`,
        });
      }
    }
    const described = {
      authRequired: apiKey !== undefined,
      ...(request.apiKeySecret ? { apiKeySecret: request.apiKeySecret } : {}),
      ...(request.registry ? { registry: request.registry } : {}),
    };
    set({ state: 'starting', ...described });
    try {
      handle = await startTpmjsExecutor({
        ...options.executor,
        host: '127.0.0.1',
        port: request.port ?? 0,
        ...(request.registry ? { registry: request.registry } : {}),
        ...(apiKey ? { apiKey } : {}),
      });
    } catch (error) {
      return set({
        state: 'error',
        ...described,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    return set({
      state: 'running',
      ...described,
      url: handle.url,
      cacheDir: handle.options.cacheDir,
      isolation: handle.options.sandbox?.mode ?? 'process',
      startedAt: new Date().toISOString(),
    });
  }

  async function stop(): Promise<LocalExecutorStatus> {
    const current = handle;
    if (!current) return status.state === 'error' ? set({ state: 'stopped', authRequired: false }) : status;
    set({ ...status, state: 'stopping' });
    handle = undefined;
    await current.close();
    return set({ state: 'stopped', authRequired: false });
  }

  /** Start and stop never overlap: each waits for the one before. */
  const serialize = (work: () => Promise<LocalExecutorStatus>) => {
    const next = (pending ?? Promise.resolve(status)).then(work, work);
    pending = next;
    return next;
  };

  return {
    status: () => status,
    start: (request) => serialize(() => start(request)),
    stop: () => serialize(stop),
  };
}
