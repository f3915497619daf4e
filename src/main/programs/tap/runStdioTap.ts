import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type { MessageDirection } from '../../../shared/protocol/messages';
import { createLineRelay } from './createLineRelay';
import type { HoldPolicy } from './HoldPolicy';
import type { TapSession } from './createTapSession';

export interface StdioTapOptions {
  command: string;
  args: string[];
  session: TapSession;
  /** The host's side: what it writes to the runner, and where the runner's answers go. */
  input: Readable;
  output: Writable;
  env?: NodeJS.ProcessEnv;
  /** Holds a message before it is forwarded (breakpoints); without one everything flows. */
  hold?: HoldPolicy;
  /** Signals the tap passes on to the runner instead of dying of them (default none). */
  forwardSignals?: NodeJS.Signals[];
}

export interface StdioTapExit {
  /** The runner's exit code, or null when a signal ended it or it never started. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why the runner could not be started. */
  startError?: string;
}

/**
 * Starts the runner and sits between it and the host: stdin and stdout are copied line by line,
 * byte for byte, both ways, and recorded; stderr is the runner's own (inherited untouched).
 * Settles when the runner has exited and everything it wrote has been passed on.
 */
export async function runStdioTap(options: StdioTapOptions): Promise<StdioTapExit> {
  const { session, hold } = options;
  const child = spawn(options.command, options.args, {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: options.env ?? process.env,
  });
  const spawned = await new Promise<string | undefined>((resolve) => {
    child.once('spawn', () => resolve(undefined));
    child.once('error', (error) => resolve(error.message));
  });
  if (spawned !== undefined) {
    session.event({ type: 'transport_error', message: `could not start the runner: ${spawned}` });
    return { code: null, signal: null, startError: spawned };
  }
  child.on('error', () => {});
  session.event({
    type: 'runner_process_started',
    command: options.command,
    args: options.args,
    ...(child.pid !== undefined ? { pid: child.pid } : {}),
  });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const handlers = (options.forwardSignals ?? []).map((signal) => [signal, forward(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);

  const relay = (direction: MessageDirection, input: Readable, output: Writable, endOutput: boolean) =>
    createLineRelay({
      input,
      output,
      endOutput,
      maxLineBytes: session.maxMessageBytes,
      onLine(bytes) {
        const message = session.line(direction, bytes);
        return message && hold ? hold(direction, message, bytes) : undefined;
      },
      onTooLong: (bytes) => session.tooLong(direction, bytes),
      onUnterminated: (bytes) => session.unterminated(direction, bytes),
    });
  child.stdin.on('error', () => {});
  relay('host_to_runner', options.input, child.stdin, true);
  const fromRunner = relay('runner_to_host', child.stdout, options.output, false);

  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  await fromRunner.finished;
  for (const [name, handler] of handlers) process.off(name, handler);
  session.event({ type: 'runner_process_exited', code, signal });
  // The runner is gone: nothing the host still writes has anywhere to go.
  options.input.pause();
  options.input.destroy();
  return { code, signal };
}
