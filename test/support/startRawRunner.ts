import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { DEFAULT_RUNTIME_OPTIONS } from '../../src/shared/runtimeOptions';

export type RawMessage = Record<string, unknown>;

export const HANG_PROVIDERS = [
  { name: 'tools', tools: { hang: { safeName: 'hang', originalName: 'hang' } }, types: '' },
];

/** An execute line's object with the default limits (and `timeoutMs` when given). */
export function rawExecute(id: string, code: string, timeoutMs = 5000): RawMessage {
  return {
    type: 'execute',
    id,
    code,
    options: { ...DEFAULT_RUNTIME_OPTIONS, timeoutMs },
    providers: HANG_PROVIDERS,
  };
}

export interface RawRunner {
  child: ChildProcess;
  messages: RawMessage[];
  stderr(): string;
  write(message: RawMessage | string): void;
  /** The first message (already seen or still to come) that matches. */
  next(match: (message: RawMessage) => boolean): Promise<RawMessage>;
  exited: Promise<number | null>;
}

/** `node runner.cjs --stdio` spoken to line by line, as an attacker or a foreign host would. */
export function startRawRunner(): RawRunner {
  const child = spawn(process.execPath, [TEST_RUNNER_ENTRY, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const messages: RawMessage[] = [];
  const waiters: Array<[(m: RawMessage) => boolean, (m: RawMessage) => void]> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const message = JSON.parse(line) as RawMessage;
    messages.push(message);
    for (const [match, resolve] of [...waiters]) if (match(message)) resolve(message);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    messages,
    stderr: () => stderr,
    write: (message) =>
      void child.stdin!.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`),
    next: (match) =>
      new Promise((resolve) => {
        const found = messages.find(match);
        if (found) resolve(found);
        else waiters.push([match, resolve]);
      }),
    exited,
  };
}
