import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { parseRunnerFlag } from '../../src/main/faces/cli/runnerFlag';
import replayCommand from '../../src/main/faces/cli/replayCommand';
import runCommand from '../../src/main/faces/cli/runCommand';
import { parseTranscript } from '../../src/shared/transcriptFile';
import { captureOutput } from '../debug/captureOutput';

const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
/** This project's runner, typed as a person types any runner command. */
const RUNNER = `${quote(process.execPath)} ${quote(TEST_RUNNER_ENTRY)} --stdio`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'execbox-runner-flag-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('--runner', () => {
  it('splits a command line into words as a shell would, and never runs one', () => {
    expect(parseRunnerFlag(`python3 "my runner.py" --flag 'a b'`, '/w')).toEqual({
      kind: 'command',
      command: 'python3',
      args: ['my runner.py', '--flag', 'a b'],
      cwd: '/w',
    });
    expect(parseRunnerFlag('ws://127.0.0.1:8787')).toEqual({ kind: 'remote', url: 'ws://127.0.0.1:8787/' });
    for (const [text, problem] of [
      ['python3 runner.py | tee log', "'|' needs a shell"],
      ['python3 runner.py > out', "'>' needs a shell"],
      ['python3 $HOME/runner.py', "'$HOME' needs a shell"],
      ['python3 *.py', "'*.py' needs a shell"],
      ['python3 runner.py # note', 'a comment (# note) needs a shell'],
      ['   ', 'give the runner command'],
      ['http://example.com', 'neither a command nor a ws:// or wss:// URL'],
    ])
      expect(() => parseRunnerFlag(text!), text).toThrow(problem);
  });

  it('execbox run --runner runs the guest on that runner and records it in the transcript', async () => {
    const code = path.join(dir, 'guest.js');
    await writeFile(code, 'const a = await demo.add({ a: 2, b: 3 });\nconsole.log("sum", a);\na * 10');
    const transcript = path.join(dir, 'on-runner.jsonl');
    const out = await captureOutput(() => runCommand([code, '--runner', RUNNER, '--transcript', transcript]));
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ ok: true, result: 50, logs: ['sum 5'] });
    const saved = parseTranscript(await readFile(transcript, 'utf8'));
    expect(saved.header).toMatchObject({
      executor: 'command',
      runner: {
        kind: 'command',
        command: process.execPath,
        args: [TEST_RUNNER_ENTRY, '--stdio'],
        cwd: process.cwd(),
      },
    });

    // The replay runs on the recorded runner and says which.
    const replay = await captureOutput(() => replayCommand([transcript, '--trust']));
    expect(replay.stdout).toBe(
      `replay matched on runner ${process.execPath} ${TEST_RUNNER_ENTRY} --stdio (in ${process.cwd()}), the one the transcript names: 1 tool call answered from the recording, same result\n`,
    );
    expect(replay.code).toBe(0);
    const given = await captureOutput(() => replayCommand([transcript, '--runner', RUNNER, '--json']));
    expect(JSON.parse(given.stdout)).toMatchObject({
      matched: true,
      ranOn: `runner ${process.execPath} ${TEST_RUNNER_ENTRY} --stdio (in ${process.cwd()})`,
    });
  });

  it('a runner that cannot start is reported in words, not as a crash', async () => {
    const code = path.join(dir, 'one.js');
    await writeFile(code, '1');
    const out = await captureOutput(() => runCommand([code, '--runner', '/no/such/runner --stdio']));
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout)).toMatchObject({
      ok: false,
      error: { code: 'internal_error', message: expect.stringContaining('could not start /no/such/runner') },
    });
  });

  it('refuses --runner with --executor, and --token without --runner', async () => {
    const code = path.join(dir, 'one.js');
    await writeFile(code, '1');
    expect(
      (await captureOutput(() => runCommand([code, '--runner', RUNNER, '--executor', 'worker']))).stderr,
    ).toContain('give either --executor or --runner');
    expect((await captureOutput(() => runCommand([code, '--token', 'x']))).stderr).toContain(
      '--token goes with --runner ws://HOST:PORT',
    );
  });
});
