import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from './playgroundFixture';

const CLI = fileURLToPath(new URL('../bin/execbox.js', import.meta.url));
const FOREIGN_RUNNER = fileURLToPath(new URL('../test/tap/fixtures/foreignRunner.mjs', import.meta.url));

/** A host written in the test, speaking the protocol to `execbox tap --app URL -- foreign runner`. */
export function startTappedHost(appUrl: string, receivedFile: string, name = 'foreign host') {
  const child = spawn(
    process.execPath,
    [CLI, 'tap', '--app', appUrl, '--name', name, '--', process.execPath, FOREIGN_RUNNER, 'ok', receivedFile],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const messages: Array<Record<string, unknown>> = [];
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.trim()) messages.push(JSON.parse(line) as Record<string, unknown>);
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    send: (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`),
    next: async (type: string) => {
      await expect.poll(() => messages.some((m) => m.type === type)).toBe(true);
      return messages.find((m) => m.type === type)!;
    },
    end: () => child.stdin.end(),
    exited,
  };
}
