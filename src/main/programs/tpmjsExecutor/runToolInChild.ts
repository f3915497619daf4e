import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { join } from 'node:path';
import { killProcessTree } from '../../system/killProcessTree';
import { killDescendants } from '../../system/killDescendants';
import { outputTooLarge } from './outputTooLarge';
import { readAnswerLine } from './readAnswerLine';
import type { ToolSandbox } from './ToolSandbox';
import { TOOL_CHANNEL_FD, type ToolChildAnswer, type ToolChildRequest } from './toolChildMessages';
import { TpmjsError } from './tpmjsErrors';

export type ToolRunOutcome =
  { ok: true; output?: unknown } | { ok: false; code: ToolChildFailureCode; message: string };

type ToolChildFailureCode = 'TOOL_NOT_FOUND' | 'TOOL_INVALID' | 'TOOL_EXECUTION_ERROR';
const CHILD_FAILURE_CODES: readonly string[] = ['TOOL_NOT_FOUND', 'TOOL_INVALID', 'TOOL_EXECUTION_ERROR'];
/** Room for the answer's envelope around the output itself. */
const ENVELOPE_BYTES = 64;
/** How long an answer may still be in flight after the child exits (an orphan may hold the channel open). */
const AFTER_EXIT_GRACE_MS = 1000;

export interface RunToolOptions {
  /** Path of the bundled tool child program (toolChild.ts). */
  childScript: string;
  timeoutMs: number;
  /** The longest output (its JSON, in bytes) accepted; a longer one fails the call. */
  maxOutputBytes: number;
  /** The folder in which the call's temporary working folder is made. */
  workRoot: string;
  /** The request's environment: the only variables the tool sees (handed over a pipe, see below). */
  env: Record<string, string>;
  /** Start the child inside this sandbox (bubblewrap or namespaces). */
  sandbox?: ToolSandbox;
  /** Aborting (the server is shutting down) kills the child and fails the call. */
  signal?: AbortSignal;
}

/**
 * Runs one tool call in a fresh OS process whose environment is exactly the request's `env`, in its
 * own temporary working folder. Past the timeout, or past the output limit, the whole process group
 * is killed and the call fails; the folder and the processes are gone on every path.
 */
export async function runToolInChild(
  request: Omit<ToolChildRequest, 'env' | 'maxOutputBytes'>,
  options: RunToolOptions,
): Promise<ToolRunOutcome> {
  await mkdir(options.workRoot, { recursive: true });
  const workDir = await mkdtemp(join(options.workRoot, 'execbox-tpmjs-call-'));
  // The request's variables go over the channel, not into the process's environment block: that
  // block stays readable in /proc/<pid>/environ (by other processes of this user) however
  // process.env changes.
  const env: NodeJS.ProcessEnv = {};
  // Electron's binary only behaves as Node with this set; plain Node needs nothing.
  if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
  const nodeArgs = [
    process.execPath,
    '--no-warnings',
    '--experimental-import-meta-resolve',
    options.childScript,
  ];
  const [file, ...args] = options.sandbox ? options.sandbox.wrap(workDir, nodeArgs) : nodeArgs;
  // Not Node's IPC channel: it buffers a whole message however large, and the answer must be bounded.
  const child = spawn(file!, args, {
    cwd: workDir,
    env,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    windowsHide: true,
  });
  const channel = child.stdio[TOOL_CHANNEL_FD] as Readable & Writable;
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
    child.once('exit', (code, signal) => resolve([code, signal]));
  });
  let grace: NodeJS.Timeout | undefined;
  void exited.then(() => {
    grace = setTimeout(() => channel.destroy(), AFTER_EXIT_GRACE_MS);
  });
  const maxLineBytes = options.maxOutputBytes + ENVELOPE_BYTES;
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
      readAnswerLine(channel, maxLineBytes).then((answer) => {
        if (answer.kind === 'line') resolve(toOutcome(answer.text));
        else if (answer.kind === 'too-long') {
          resolve({
            ok: false,
            code: 'TOOL_EXECUTION_ERROR',
            message: outputTooLarge(options.maxOutputBytes),
          });
        } else {
          // Closed without an answer: the process died (or closed it); its exit says how.
          void exited.then(([code, signal]) => {
            const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
            const detail = stderr.trim() ? `: ${stderr.trim()}` : '';
            const message = `the tool process ${how} before answering${detail}`;
            resolve({ ok: false, code: 'TOOL_EXECUTION_ERROR', message });
          });
        }
      }, reject);
      child.once('error', (error) => {
        reject(new TpmjsError('INTERNAL_ERROR', `could not start the tool process: ${error.message}`));
      });
      const fullRequest: ToolChildRequest = {
        ...request,
        env: options.env,
        maxOutputBytes: options.maxOutputBytes,
      };
      channel.write(`${JSON.stringify(fullRequest)}\n`);
    });
  } finally {
    stopWaiting?.();
    clearTimeout(grace);
    channel.destroy();
    // Whatever the call started dies with it, even a grandchild that left the group with setsid.
    if (child.pid !== undefined) killDescendants(child.pid);
    killProcessTree(child);
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The child runs untrusted package code, so its answer is checked like any other untrusted input. */
function toOutcome(line: string): ToolRunOutcome {
  let a: Partial<ToolChildAnswer> | null;
  try {
    a = JSON.parse(line) as Partial<ToolChildAnswer> | null;
  } catch {
    return {
      ok: false,
      code: 'TOOL_EXECUTION_ERROR',
      message: 'the tool process sent an answer that is not JSON',
    };
  }
  if (a && typeof a === 'object' && a.ok === true) {
    return 'output' in a ? { ok: true, output: a.output } : { ok: true };
  }
  if (
    a &&
    typeof a === 'object' &&
    a.ok === false &&
    typeof a.code === 'string' &&
    CHILD_FAILURE_CODES.includes(a.code)
  ) {
    const message = typeof a.message === 'string' ? a.message : 'the tool failed';
    return { ok: false, code: a.code as ToolChildFailureCode, message };
  }
  return { ok: false, code: 'TOOL_EXECUTION_ERROR', message: 'the tool process sent a malformed answer' };
}
