import { fork } from 'node:child_process';
import { LOG_STREAM_FLAG } from '../../../shared/protocol/logStreamMessage';
import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import { SINGLE_USE_FLAG } from '../../../runner/singleUseV8Flags';
import { createChildProcessTransport } from '../transports/createChildProcessTransport';
import { createShellExecutor, type ShellExecutor, type ShellPoolOptions } from './createShellExecutor';
import { defaultRunnerEntryPath } from './defaultRunnerEntryPath';
import { normalizedCodeSeedEnv } from './normalizedCodeSeed';

/** What a spawner may be asked for beyond the entry and flags; every field optional. */
export interface ShellSpawnOptions {
  /**
   * Variables the runner gets on top of this process's environment (for a runner started for one
   * execution, its code normalized: NORMALIZED_CODE_ENV). Absent: this process's environment.
   */
  env?: Readonly<Record<string, string>>;
}

/**
 * Starts one runner process for the given entry and returns the host end of its transport. Node
 * uses child_process.fork (the default); the Electron shell passes one built on utilityProcess.
 */
export type ShellSpawner = (
  runnerEntryPath: string,
  /** Runner flags (LOG_STREAM_FLAG when the host wants the log stream, SINGLE_USE_FLAG for one run). */
  args?: readonly string[],
  options?: ShellSpawnOptions,
) => Transport<HostToRunnerMessage>;

/** The `env` option of a process start for `options`: this process's environment with its additions. */
export function runnerProcessEnv(options: ShellSpawnOptions = {}): { env?: NodeJS.ProcessEnv } {
  return options.env ? { env: { ...process.env, ...options.env } } : {};
}

export interface ProcessExecutorOptions extends ShellPoolOptions {
  /** The built runner entry (default: out/main/runner.cjs of this package). */
  runnerEntryPath?: string;
  spawnShell?: ShellSpawner;
}

/**
 * child_process.fork with an IPC channel; the runner's stderr is passed through. Messages cross as
 * JSON: every protocol value is JSON data anyway, and for these small messages Node's JSON channel
 * is faster than 'advanced' (structured clone), about 10% per execution and 25% per tool call here.
 * The runner still parses every message strictly.
 */
export const forkShellSpawner: ShellSpawner = (runnerEntryPath, args = [], options) =>
  createChildProcessTransport(
    fork(runnerEntryPath, [...args], {
      execArgv: [],
      serialization: 'json',
      // stdin carries cancels out of band (see createChildProcessTransport).
      stdio: ['pipe', 'ignore', 'inherit', 'ipc'],
      ...runnerProcessEnv(options),
    }),
  );

/** QuickJS in separate processes: pooled by default, `mode: 'ephemeral'` for one per run. */
export function createProcessExecutor(options: ProcessExecutorOptions = {}): ShellExecutor {
  const entry = options.runnerEntryPath ?? defaultRunnerEntryPath();
  const spawnShell = options.spawnShell ?? forkShellSpawner;
  const logStream = options.logStream ?? true;
  const args = [
    ...(logStream ? [LOG_STREAM_FLAG] : []),
    ...(options.mode === 'ephemeral' ? [SINGLE_USE_FLAG] : []),
  ];
  return createShellExecutor(
    (code) => {
      // A process started for one execution gets its code normalized: it never loads the parser.
      const env = code === undefined ? undefined : normalizedCodeSeedEnv(code);
      return env ? spawnShell(entry, args, { env }) : spawnShell(entry, args);
    },
    { ...options, logStream },
  );
}
