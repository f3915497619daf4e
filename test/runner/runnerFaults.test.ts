import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { rawExecute } from '../support/startRawRunner';

/** Alive means it exists and is not a zombie waiting for a parent that may never reap it. */
function alive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== undefined && state !== 'Z';
  } catch {
    return false;
  }
}

/**
 * A stand-in host: starts a runner (stdio or fork), runs a guest CPU loop with a minute to go,
 * and prints the runner's pid once it has sent the result that starts the loop.
 */
const HOST_SCRIPT = `
const { spawn, fork } = require('node:child_process');
const [entry, mode, line] = process.argv.slice(1);
const child = mode === 'fork'
  ? fork(entry, [], { serialization: 'json', stdio: ['pipe', 'ignore', 'inherit', 'ipc'] })
  : spawn(process.execPath, [entry, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const send = (message) => (mode === 'fork' ? child.send(message) : child.stdin.write(JSON.stringify(message) + '\\n'));
// The tool result starts the loop as the runner takes it in: the kill lands mid-loop.
const onMessage = (message) => {
  if (message.type !== 'tool_call') return;
  send({ type: 'tool_result', callId: message.callId, ok: true });
  console.log(child.pid);
};
if (mode === 'fork') child.on('message', onMessage);
else require('node:readline').createInterface({ input: child.stdout }).on('line', (l) => onMessage(JSON.parse(l)));
send(JSON.parse(line));
`;

describe('runner faults', () => {
  for (const mode of ['stdio', 'fork'] as const) {
    it(`a ${mode} runner whose host is killed with -9 during a guest CPU loop stops by itself`, async () => {
      const execute = JSON.stringify(rawExecute('loop', 'await tools.hang(); while (true) {}', 60_000));
      const host = spawn(process.execPath, ['-e', HOST_SCRIPT, TEST_RUNNER_ENTRY, mode, execute], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const runnerPid = await new Promise<number>((resolve) =>
        createInterface({ input: host.stdout }).once('line', (line) => resolve(Number(line))),
      );
      try {
        expect(alive(runnerPid)).toBe(true);
        host.kill('SIGKILL');
        // Well inside the guest's minute: the runner noticed, rather than running out its deadline.
        await expect.poll(() => alive(runnerPid), { timeout: 20_000, interval: 100 }).toBe(false);
      } finally {
        if (alive(runnerPid)) process.kill(runnerPid, 'SIGKILL');
      }
    });
  }
});
