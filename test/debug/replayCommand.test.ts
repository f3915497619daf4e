import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import replayCommand from '../../src/main/faces/cli/replayCommand';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { captureOutput } from './captureOutput';
import { createDebugHostHarness } from './debugHostHarness';

const CODE =
  'const a = await demo.echo({ q: 1 });\nconst b = await demo.echo({ q: 2 });\nconsole.log("two calls");\n[a.echoed, b.echoed]';

let harness: Awaited<ReturnType<typeof createDebugHostHarness>>;
let recording: string;

beforeAll(async () => {
  harness = await createDebugHostHarness(createInProcessExecutor());
  const { runId } = await harness.runs.start({ code: CODE });
  const result = await harness.finished(runId);
  expect(result).toMatchObject({ ok: true, result: [{ q: 1 }, { q: 2 }] });
  recording = path.join(harness.dir, 'recording.jsonl');
  await harness.debug.saveTranscript(runId, { file: recording });
});
afterAll(async () => harness?.dispose());

async function withHeader(change: (header: Record<string, unknown>) => void): Promise<string> {
  const lines = (await readFile(recording, 'utf8')).trimEnd().split('\n');
  const header = JSON.parse(lines[0]!) as Record<string, unknown>;
  change(header);
  const file = path.join(harness.dir, `changed-${Math.random().toString(36).slice(2)}.jsonl`);
  await writeFile(file, [JSON.stringify(header), ...lines.slice(1)].join('\n') + '\n');
  return file;
}

describe('execbox replay FILE.jsonl', () => {
  it('exits 0 when the code makes the same calls and returns the same result, with no providers', async () => {
    const out = await captureOutput(() => replayCommand([recording]));
    expect(out.stderr).toBe('');
    expect(out.stdout).toBe(
      'replay matched on the inprocess executor: 2 tool calls answered from the recording, same result\n',
    );
    expect(out.code).toBe(0);
  });

  it('exits 1 at the first call that differs and prints what differed', async () => {
    const file = await withHeader((header) => {
      header.code = String(header.code).replace('q: 2', 'q: 3');
    });
    const out = await captureOutput(() => replayCommand([file]));
    expect(out.code).toBe(1);
    expect(out.stdout).toBe(
      'replay diverged on the inprocess executor: the code called demo.echo({"q":3}), but the recording has demo.echo({"q":2}) (same tool, different input)\n',
    );
  });

  it('exits 1 when the result differs even though the calls matched', async () => {
    const file = await withHeader((header) => {
      header.code = String(header.code).replace('[a.echoed, b.echoed]', '[b.echoed, a.echoed]');
    });
    const out = await captureOutput(() => replayCommand([file, '--json']));
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout)).toMatchObject({
      matched: false,
      divergence: expect.stringMatching(/^the result differs/),
    });
  });

  it('exits 2 with the line and reason for an unusable file, and for bad arguments', async () => {
    const broken = path.join(harness.dir, 'broken.jsonl');
    await writeFile(broken, '{"format":"execbox-transcript","version":1,"code":');
    let out = await captureOutput(() => replayCommand([broken]));
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`${broken}:1: header: the file appears truncated`);

    out = await captureOutput(() => replayCommand([path.join(harness.dir, 'missing.jsonl')]));
    expect([out.code, out.stderr]).toEqual([2, expect.stringContaining('no such file')]);
    out = await captureOutput(() => replayCommand([recording, '--executor', 'quantum']));
    expect([out.code, out.stderr]).toEqual([2, expect.stringContaining('--executor must be')]);
    out = await captureOutput(() => replayCommand([]));
    expect(out.code).toBe(2);
  });

  it('replays a truncated recording as far as it goes, warning where it broke', async () => {
    const text = await readFile(recording, 'utf8');
    const cut = path.join(harness.dir, 'cut.jsonl');
    await writeFile(cut, text.slice(0, text.indexOf('"tool_result"') + 10));
    const out = await captureOutput(() => replayCommand([cut]));
    expect(out.stderr).toMatch(/warning: .*cut\.jsonl:\d+: the file appears truncated/);
    expect(out.code).toBe(1);
  });
});

describe('execbox replay FILE.jsonl --code CODE.js', () => {
  async function codeFile(text: string): Promise<string> {
    const file = path.join(harness.dir, `edited-${Math.random().toString(36).slice(2)}.js`);
    await writeFile(file, text);
    return file;
  }

  it('exits 0 when changed code makes the same calls and gets the same result', async () => {
    const file = await codeFile(
      '// refactored: same calls, same result\nconst inputs = [{ q: 1 }, { q: 2 }];\nconst out = [];\nfor (const input of inputs) out.push((await demo.echo(input)).echoed);\nconsole.log("two calls");\nout',
    );
    const out = await captureOutput(() => replayCommand([recording, '--code', file]));
    expect([out.code, out.stderr]).toEqual([0, '']);
    expect(out.stdout).toBe(
      'replay matched on the inprocess executor: 2 tool calls answered from the recording, same result\n',
    );
  });

  it('runs the given code, not the recorded code: a changed input exits 1 naming the first divergence', async () => {
    const file = await codeFile(CODE.replace('q: 2', 'q: 22'));
    const out = await captureOutput(() => replayCommand([recording, '--code', file]));
    expect(out.code).toBe(1);
    expect(out.stdout).toBe(
      'replay diverged on the inprocess executor: the code called demo.echo({"q":22}), but the recording has demo.echo({"q":2}) (same tool, different input)\n',
    );
  });

  it('exits 1 for a call the recording lacks and for fewer calls', async () => {
    const extra = await codeFile(
      `${CODE.replace(/\n\[a\.echoed, b\.echoed\]$/, '')}\nawait demo.echo({ q: 3 });\n[a.echoed, b.echoed]`,
    );
    let out = await captureOutput(() => replayCommand([recording, '--code', extra]));
    expect(out.code).toBe(1);
    expect(out.stdout).toContain(
      'the recording has no more tool calls, but the code called demo.echo({"q":3})',
    );
    const fewer = await codeFile('const a = await demo.echo({ q: 1 });\n[a.echoed]');
    out = await captureOutput(() => replayCommand([recording, '--code', fewer, '--json']));
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).divergence).toMatch(/1 fewer tool call.*demo\.echo\(\{"q":2\}\)/);
  });

  it('exits 2 for a code file with a syntax error, naming the file, 1-based line and column', async () => {
    const file = await codeFile('const a = await demo.echo({ q: 1 });\nconst = 2;');
    const out = await captureOutput(() => replayCommand([recording, '--code', file]));
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain(`${file}:2:7: `);
    expect(out.stderr).toMatch(/line 2, column 7/);
  });

  it('exits 2 for a missing code file or a --code without a value', async () => {
    let out = await captureOutput(() =>
      replayCommand([recording, '--code', path.join(harness.dir, 'nope.js')]),
    );
    expect([out.code, out.stderr]).toEqual([2, expect.stringContaining('no such file')]);
    out = await captureOutput(() => replayCommand([recording, '--code']));
    expect(out.code).toBe(2);
  });
});
