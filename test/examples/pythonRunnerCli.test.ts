import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import replayCommand from '../../src/main/faces/cli/replayCommand';
import runCommand from '../../src/main/faces/cli/runCommand';
import { parseTranscript } from '../../src/shared/transcriptFile';
import { captureOutput } from '../debug/captureOutput';
import { PYTHON_RUNNER, PYTHON_RUNNER_COMMAND, pythonRunnerMissing } from '../support/pythonRunner';

const missing = pythonRunnerMissing();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'execbox-python-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.skipIf(missing !== undefined)(
  `the Python example runner from the command line${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    it('execbox run --runner runs the guest on it, and the replay runs on it again and agrees', async () => {
      const code = path.join(dir, 'guest.js');
      await writeFile(
        code,
        'const a = await demo.add({ a: 2, b: 3 });\nconst e = await demo.echo({ text: "hi" });\nconsole.log("sum", a);\n({ a, e })',
      );
      const transcript = path.join(dir, 'python.jsonl');
      const out = await captureOutput(() =>
        runCommand([code, '--runner', PYTHON_RUNNER_COMMAND, '--transcript', transcript]),
      );
      expect(out.code, out.stderr).toBe(0);
      const result = JSON.parse(out.stdout);
      expect(result).toMatchObject({ ok: true, result: { a: 5 }, logs: ['sum 5'] });
      const saved = parseTranscript(await readFile(transcript, 'utf8'));
      expect(saved.header).toMatchObject({
        executor: 'command',
        runner: { kind: 'command', command: 'python3', args: [PYTHON_RUNNER] },
      });

      const replay = await captureOutput(() => replayCommand([transcript, '--trust', '--json']));
      expect(replay.code, replay.stdout + replay.stderr).toBe(0);
      expect(JSON.parse(replay.stdout)).toMatchObject({
        matched: true,
        ranOn: expect.stringContaining(`runner python3 ${PYTHON_RUNNER}`),
      });
    });
  },
);
