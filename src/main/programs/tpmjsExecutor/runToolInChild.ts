import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { killProcessTree } from '../../system/killProcessTree';
import type { NamespaceSandbox } from './detectNamespaceSandbox';
import { killDescendants } from './killDescendants';
import type { ToolChildAnswer, ToolChildRequest } from './toolChildMessages';
import { TpmjsError } from './tpmjsErrors';

export type ToolRunOutcome =
  { ok: true; output?: unknown } | { ok: false; code: ToolChildFailureCode; message: string };

type ToolChildFailureCode = 'TOOL_NOT_FOUND' | 'TOOL_INVALID' | 'TOOL_EXECUTION_ERROR';
const CHILD_FAILURE_CODES: readonly string[] = ['TOOL_NOT_FOUND', 'TOOL_INVALID', 'TOOL_EXECUTION_ERROR'];

export interface RunToolOptions {
  /** Path of the bundled tool child program (toolChild.ts). */
  childScript: string;
  timeoutMs: number;
  /** The folder in which the call's temporary working folder is made. */
  workRoot: string;
  /** The request's environment: the only variables the tool sees (handed over IPC, see below). */
  env: Record<string, string>;
  /** Start the child in its own user, PID and mount namespaces. */
  sandbox?: NamespaceSandbox;
  /** Aborting (the server is shutting down) kills the child and fails the call. */
  signal?: AbortSignal;
}

/**
 * Runs one tool call in a fresh OS process whose environment is exactly the request's `env`, in its
 * own temporary working folder. Past the timeout the whole process group is killed and the call
 * fails with EXECUTION_TIMEOUT; the folder and the processes are gone on every path.
 */
export async function runToolInChild(
  request: Omit<ToolChildRequest, 'env'>,
  options: RunToolOptions,
): Promise<ToolRunOutcome> {
  await mkdir(options.workRoot, { recursive: true });
  const workDir = await mkdtemp(join(options.workRoot, 'execbox-tpmjs-call-'));
  // The request's variables go over IPC, not into the process's environment block: that block stays
  // readable in /proc/<pid>/environ (by other processes of this user) however process.env changes.
  const env: NodeJS.ProcessEnv = {};
  // Electron's binary only behaves as Node with this set; plain Node needs nothing.
  if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
  const nodeArgs = [
    process.execPath,
    '--no-warnings',
    '--experimental-import-meta-resolve',
    options.childScript,
  ];
  const [file, ...args] = options.sandbox
    ? [options.sandbox.command, ...options.sandbox.args, ...nodeArgs]
    : nodeArgs;
  const child = spawn(file!, args, {
    cwd: workDir,
    env,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    detached: process.platform !== 'win32',
    windowsHide: true,
  });
  let stopWaiting: (() => void) | undefined;
  try {
    return await new Promise<ToolRunOutcome>((resolve, reject) => {
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-2000);
      });
      const timer = setTimeout(() => {
        reject(new TpmjsError('EXECUTION_TIMEOUT', `the tool did not finish within ${options.timeoutMs} ms`));
      }, options.timeoutMs);
      const onAbort = () => reject(new TpmjsError('INTERNAL_ERROR', 'the executor is shutting down', 503));
      options.signal?.addEventListener('abort', onAbort, { once: true });
      stopWaiting = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      };
      if (options.signal?.aborted) onAbort();
      child.once('message', (answer: unknown) => resolve(toOutcome(answer)));
      child.once('error', (error) => {
        reject(new TpmjsError('INTERNAL_ERROR', `could not start the tool process: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        const detail = stderr.trim() ? `: ${stderr.trim()}` : '';
        const message = `the tool process ${how} before answering${detail}`;
        const crashed = () => resolve({ ok: false, code: 'TOOL_EXECUTION_ERROR', message });
        // An answer sent just before exiting is still in the IPC channel until it disconnects.
        if (child.connected) child.once('disconnect', crashed);
        else crashed();
      });
      child.send({ ...request, env: options.env } satisfies ToolChildRequest);
    });
  } finally {
    stopWaiting?.();
    // Whatever the call started dies with it, even a grandchild that left the group with setsid.
    if (child.pid !== undefined) killDescendants(child.pid);
    killProcessTree(child);
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The child runs untrusted package code, so its answer is checked like any other untrusted input. */
function toOutcome(answer: unknown): ToolRunOutcome {
  const a = answer as Partial<ToolChildAnswer> | null;
  if (a && a.ok === true && (a.outputJson === undefined || typeof a.outputJson === 'string')) {
    if (a.outputJson === undefined) return { ok: true };
    try {
      return { ok: true, output: JSON.parse(a.outputJson) as unknown };
    } catch {
      return {
        ok: false,
        code: 'TOOL_EXECUTION_ERROR',
        message: 'the tool process sent output that is not JSON',
      };
    }
  }
  if (a && a.ok === false && typeof a.code === 'string' && CHILD_FAILURE_CODES.includes(a.code)) {
    const message = typeof a.message === 'string' ? a.message : 'the tool failed';
    return { ok: false, code: a.code as ToolChildFailureCode, message };
  }
  return { ok: false, code: 'TOOL_EXECUTION_ERROR', message: 'the tool process sent a malformed answer' };
}
