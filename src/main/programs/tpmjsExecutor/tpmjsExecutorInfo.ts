import { homedir } from 'node:os';
import type { ResolvedTpmjsExecutorOptions } from './tpmjsExecutorOptions';

export const TPMJS_PROTOCOL_VERSION = '1.0';
export const EXECUTOR_IMPLEMENTATION_VERSION = '1.0.0';

export function healthBody(): Record<string, unknown> {
  return {
    status: 'ok',
    protocolVersion: TPMJS_PROTOCOL_VERSION,
    implementationVersion: EXECUTOR_IMPLEMENTATION_VERSION,
    runtime: 'node',
    timestamp: new Date().toISOString(),
  };
}

const PROCESSES_SEPARATE =
  'each call has its own PID namespace and /proc: a tool sees no other process, and everything it starts dies with the call';
const PROCESSES_SHARED =
  'a tool can see other processes of the same user in /proc (their command lines, and their memory where ptrace rules allow); everything it starts that is still its descendant dies with the call, but a process that double-forks away can outlive it';
const FILES_OPEN =
  "a temporary working folder, removed after the call; the tool can still read and write anywhere the executor's user can";

/** What the chosen isolation gives and does not give here, in words a caller can rely on. */
function isolationDetails(options: ResolvedTpmjsExecutorOptions): Record<string, unknown> {
  const mode = options.sandbox?.mode ?? 'process';
  const bubblewrap = mode === 'bubblewrap';
  return {
    mode,
    requested: options.isolation,
    separateProcess: true,
    separateUser: false,
    pidNamespace: mode !== 'process',
    readOnlyFileSystem: bubblewrap,
    homeHidden: bubblewrap,
    privateTmp: bubblewrap,
    network: 'shared with the executor: a tool reaches whatever the executor can',
    environment:
      "only the request's env (handed over a pipe, never in the process's environment block); variables that change how Node or the loader runs are refused",
    processes: mode === 'process' ? PROCESSES_SHARED : PROCESSES_SEPARATE,
    fileSystem: bubblewrap
      ? `read-only everywhere except the call's own temporary working folder (removed after the call); the executor user's home (${homedir()}) is an empty folder; /tmp and /dev are the call's own; the package cache is read-only. A tool can still read whatever the executor's user can outside the home (for example /etc and other users' world-readable files)`
      : FILES_OPEN,
  };
}

/** Capabilities as they really are: every call gets its own OS process, with these limits. */
export function infoBody(options: ResolvedTpmjsExecutorOptions): Record<string, unknown> {
  return {
    name: options.name,
    version: EXECUTOR_IMPLEMENTATION_VERSION,
    protocolVersion: TPMJS_PROTOCOL_VERSION,
    capabilities: {
      isolation: 'process',
      executionModes: ['sync'],
      maxExecutionTimeMs: options.executionTimeoutMs,
      maxRequestBodyBytes: options.maxRequestBodyBytes,
      maxOutputBytes: options.maxOutputBytes,
      maxConcurrentExecutions: options.maxConcurrentExecutions,
      installTimeoutMs: options.installTimeoutMs,
      supportsStreaming: false,
      supportsCallbacks: false,
      supportsCaching: false,
      // Installed packages are kept per exact version; supportsCaching is v1.1's cache hints, which we lack.
      cachesPackages: true,
      isolationDetails: isolationDetails(options),
    },
    runtime: {
      platform: process.platform,
      nodeVersion: process.versions.node,
      ...(options.region ? { region: options.region } : {}),
    },
  };
}
