import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IsolationOption } from './chooseToolSandbox';
import type { ToolSandbox } from './ToolSandbox';

export interface TpmjsExecutorOptions {
  /** Interface to bind; loopback unless told otherwise. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** When set, every request except CORS preflight needs `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Where installed packages are kept, one folder per exact version. */
  cacheDir?: string;
  /** Where each call's temporary working folder is made (and removed). */
  workRoot?: string;
  registry?: string;
  npmCommand?: string;
  npmCacheDir?: string;
  installTimeoutMs?: number;
  executionTimeoutMs?: number;
  floatingVersionTtlMs?: number;
  maxConcurrentExecutions?: number;
  maxQueuedExecutions?: number;
  maxRequestBodyBytes?: number;
  /** The built tool child program; found next to the bundle when absent. */
  childScript?: string;
  name?: string;
  region?: string;
  /** The longest tool output (its JSON, in bytes) a call may return; a longer one fails the call. */
  maxOutputBytes?: number;
  /**
   * How tool children are isolated from the executor and each other: 'bubblewrap' runs each under
   * bwrap (read-only file system but for its working folder, no home, its own /tmp, user and PID
   * namespaces), 'namespaces' in its own user, PID and mount namespaces, 'process' in a plain child
   * process; a named mode this machine lacks refuses to start. 'auto' (default): the strongest here.
   */
  isolation?: IsolationOption;
  /** One line per request, for a CLI's log. */
  log?: (line: string) => void;
}

export type ResolvedTpmjsExecutorOptions = Required<
  Omit<
    TpmjsExecutorOptions,
    'apiKey' | 'registry' | 'npmCommand' | 'npmCacheDir' | 'childScript' | 'region' | 'log'
  >
> &
  Pick<TpmjsExecutorOptions, 'apiKey' | 'registry' | 'npmCommand' | 'npmCacheDir' | 'region' | 'log'> & {
    childScript: string;
    /** The sandbox tool children start in; absent: plain child processes. */
    sandbox?: ToolSandbox;
  };

/**
 * `$XDG_CACHE_HOME/execbox-playground/tpmjs-packages`, else under `~/.cache`: a folder of this user's
 * (made 0700 before use), never the shared temp folder where anyone could plant a package.
 */
export function defaultPackageCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'execbox-playground', 'tpmjs-packages');
}

export const TPMJS_EXECUTOR_DEFAULTS = {
  host: '127.0.0.1',
  port: 0,
  cacheDir: defaultPackageCacheDir(),
  workRoot: tmpdir(),
  installTimeoutMs: 60_000,
  executionTimeoutMs: 120_000,
  floatingVersionTtlMs: 5 * 60_000,
  maxConcurrentExecutions: 4,
  maxQueuedExecutions: 32,
  maxRequestBodyBytes: 1024 * 1024,
  maxOutputBytes: 32 * 1024 * 1024,
  isolation: 'auto',
  name: 'Execbox TPMJS Executor',
} as const;
