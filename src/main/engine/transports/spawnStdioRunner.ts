import { spawn } from 'node:child_process';
import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import { createTransportEvents } from '../../../shared/transportEvents';
import { createJsonLinesTransport } from '../../../runner/createJsonLinesTransport';
import { createTextTail } from '../../system/createTextTail';
import { killProcessTree } from '../../system/killProcessTree';

export interface StdioRunnerCommand {
  command: string;
  args?: readonly string[];
  /** The folder it starts in (default: this process's). */
  cwd?: string;
  /** Default: this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** `command` is a whole command line for the shell (the conformance kit's `--stdio "CMD ARGS"`). */
  shell?: boolean;
  /** Receives the runner's stderr (diagnostics) as it comes. */
  onStderr?: (text: string) => void;
  /** The close reason ends with the last of its stderr (default true; false when the caller shows it). */
  quoteStderr?: boolean;
}

/** How much of a runner's stderr its close reason quotes: enough for a traceback's last lines. */
const STDERR_TAIL_CHARS = 2000;
/** How long a runner whose stdout ended may take to exit before the transport says so without its exit. */
const EXIT_WAIT_MS = 1000;

/**
 * Starts any runner that speaks the protocol as JSON lines on stdin/stdout (`execbox runner --stdio`,
 * `python3 runner.py`), without a shell unless asked. When it goes away the close reason says how it ended and
 * quotes the end of its stderr, so a runner that crashes at start is reported with its own words.
 */
export function spawnStdioRunner({
  command,
  args = [],
  cwd,
  env,
  shell = false,
  onStderr,
  quoteStderr = true,
}: StdioRunnerCommand): Transport<HostToRunnerMessage> {
  const events = createTransportEvents<unknown>();
  const stderr = createTextTail(STDERR_TAIL_CHARS);
  const withStderr = (reason: string): string => {
    const tail = quoteStderr ? stderr.text().trim() : '';
    if (!quoteStderr) return reason;
    return tail ? `${reason}; its stderr ended with:\n${tail}` : `${reason} (nothing on its stderr)`;
  };
  // Its own process group: a hard stop reaches whatever it started too (a shell, a wrapper's child).
  const child = spawn(command, [...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    windowsHide: true,
    shell,
    ...(cwd ? { cwd } : {}),
    ...(env ? { env } : {}),
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr.push(text);
    onStderr?.(text);
  });
  const kill = (): void => killProcessTree(child);
  const lines = createJsonLinesTransport<HostToRunnerMessage>({
    input: child.stdout,
    output: child.stdin,
    terminate: kill,
  });
  lines.onMessage((message) => events.emitMessage(message));
  lines.onError((error) => events.emitError(error));
  let exitTimer: ReturnType<typeof setTimeout> | undefined;
  child.on('close', (code, signal) => {
    if (exitTimer) clearTimeout(exitTimer);
    events.emitClose(
      withStderr(signal ? `the runner was killed by ${signal}` : `the runner exited with code ${code}`),
    );
  });
  lines.onClose((reason) => {
    if (reason === 'terminated' || reason === 'disposed') return events.emitClose(reason);
    // Its stdout ended: the exit (and the last of its stderr) usually follows at once.
    exitTimer ??= setTimeout(() => {
      events.emitClose(withStderr('the runner closed its stdout but did not exit'));
      kill();
    }, EXIT_WAIT_MS);
  });
  child.on('error', (error) => {
    events.emitClose(withStderr(`could not start ${command}: ${error.message}`));
    kill();
  });
  child.stdin.on('error', () => {});
  return {
    send: (message) => lines.send(message),
    onMessage: events.onMessage,
    onClose: events.onClose,
    onError: events.onError,
    terminate: () => {
      lines.terminate();
      events.emitClose('terminated');
    },
    dispose: () => {
      lines.terminate();
      events.emitClose('disposed');
    },
  };
}
