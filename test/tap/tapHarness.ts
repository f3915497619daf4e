import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode, TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';

const TEST_OUT = fileURLToPath(new URL('../../test-out', import.meta.url));
// One bundle per test file (each imports this module afresh), so files running at once never share one.
export const TAP_CLI = join(TEST_OUT, `tap-test-cli-${randomUUID().slice(0, 8)}.mjs`);
export const FOREIGN_RUNNER = fileURLToPath(new URL('./fixtures/foreignRunner.mjs', import.meta.url));
export const OWN_RUNNER = [process.execPath, TEST_RUNNER_ENTRY, '--stdio'];

/** The CLI as one bundle plain Node starts (the tests spawn `execbox tap` as a host would). */
export async function buildTapCli(): Promise<void> {
  await bundleForNode({
    entryPoints: [fileURLToPath(new URL('../../scripts/cliEntry.ts', import.meta.url))],
    outfile: TAP_CLI,
  });
}

export function foreignRunner(mode: string, receivedFile?: string): string[] {
  return [process.execPath, FOREIGN_RUNNER, mode, ...(receivedFile ? [receivedFile] : [])];
}

export async function removeTapCli(): Promise<void> {
  await rm(TAP_CLI, { force: true });
}

/** A host written in the test: it speaks the protocol directly to whatever command it starts. */
export interface TestHost {
  child: ChildProcess;
  /** Every byte the host received on the runner's stdout. */
  received(): Buffer;
  stdoutText(): string;
  stderr(): string;
  write(text: string | Buffer): void;
  send(message: Record<string, unknown>): void;
  /** The first received line (parsed) that matches, already seen or still to come. */
  next(match: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  closeStdin(): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startHost(argv: string[]): TestHost {
  const child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  let stderr = '';
  let pending = '';
  const messages: Record<string, unknown>[] = [];
  const waiters: Array<[(m: Record<string, unknown>) => boolean, (m: Record<string, unknown>) => void]> = [];
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  child.stdout!.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue;
      }
      messages.push(message);
      for (const [match, resolve] of [...waiters]) if (match(message)) resolve(message);
    }
  });
  child.stdin!.on('error', () => {});
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    received: () => Buffer.concat(chunks),
    stdoutText: () => Buffer.concat(chunks).toString('utf8'),
    stderr: () => stderr,
    write: (text) => void child.stdin!.write(text),
    send: (message) => void child.stdin!.write(`${JSON.stringify(message)}\n`),
    next: (match) =>
      new Promise((resolve) => {
        const found = messages.find(match);
        if (found) resolve(found);
        else waiters.push([match, resolve]);
      }),
    closeStdin: () => child.stdin!.end(),
    exited,
  };
}

export function tapArgv(tapArgs: string[], runner: string[]): string[] {
  return [process.execPath, TAP_CLI, 'tap', ...tapArgs, '--', ...runner];
}

export const ECHO_PROVIDERS = [
  { name: 'tools', tools: { echo: { safeName: 'echo', originalName: 'echo' } }, types: '' },
];

export function executeMessage(id: string, code: string): Record<string, unknown> {
  return {
    type: 'execute',
    id,
    code,
    options: { timeoutMs: 10000, memoryLimitBytes: 67108864, maxLogLines: 100, maxLogChars: 64000 },
    providers: ECHO_PROVIDERS,
  };
}
