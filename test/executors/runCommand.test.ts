import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import runCommand from '../../src/main/faces/cli/runCommand';
import { parseTranscript } from '../../src/shared/transcriptFile';

let dir: string;
let stdout: string;
let stderr: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'execbox-run-'));
  stdout = '';
  stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
});
afterEach(() => vi.restoreAllMocks());

function script(code: string): string {
  const file = join(dir, 'guest.js');
  writeFileSync(file, code);
  return file;
}

describe('execbox run', () => {
  it('prints the ExecuteResult as JSON and exits 0 on success', async () => {
    const code = await runCommand([script('console.log("hi"); await demo.add({ a: 2, b: 3 })')]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, result: 5, logs: ['hi'] });
  });

  it('exits 1 with the failed result printed', async () => {
    expect(await runCommand([script('await demo.fail({ message: "nope" })')])).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      ok: false,
      error: { code: 'tool_error', message: expect.stringContaining('nope') },
    });
  });

  it('applies the limit flags', async () => {
    const file = script('for (let i = 0; i < 5; i++) console.log(i); while (true) {}');
    expect(await runCommand([file, '--timeout', '200', '--max-log-lines', '2', '--memory', '32MiB'])).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, logs: ['0', '1'], error: { code: 'timeout' } });
    // The outcome in words on stderr: a real timeout names its limit, in people's units.
    expect(stderr).toMatch(/^execbox run: Timed out after \d+ ms \(limit 200 ms\)\n$/);
  });

  it('writes every protocol message to --transcript in the transcript file format', async () => {
    const out = join(dir, 'run.jsonl');
    expect(await runCommand([script('await demo.echo(1)'), '--transcript', out])).toBe(0);
    const parsed = parseTranscript(readFileSync(out, 'utf8'));
    expect(parsed.problems).toEqual([]);
    const types = parsed.entries.flatMap((entry) => (entry.kind === 'message' ? [entry.message.type] : []));
    expect(types).toEqual(['execute', 'started', 'tool_call', 'tool_result', 'done']);
  });

  it.each([
    [['--bogus', 'x.js'], /Unknown option '--bogus'/],
    [['--executor', 'gpu', 'x.js'], /--executor must be one of inprocess, worker, process/],
    [['--timeout', 'soon', 'x.js'], /--timeout must be a whole number/],
    [['--timeout', '0', 'x.js'], /--timeout: timeoutMs must be an integer/],
    [['/no/such/file.js'], /cannot read \/no\/such\/file.js: no such file/],
    [[], /missing FILE/],
  ])('a bad command line %j gives one clear line and exit 2', async (args, message) => {
    expect(await runCommand(args)).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stdout).toBe('');
  });

  it('a syntax error names the file, line and column, exit 2', async () => {
    const file = script('const a = 1;\nconst = 2;');
    expect(await runCommand([file])).toBe(2);
    expect(stderr).toMatch(
      new RegExp(`^execbox run: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:2:\\d+: `),
    );
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('execbox run FILE.ts', () => {
  function tsScript(code: string): string {
    const file = join(dir, 'guest.ts');
    writeFileSync(file, code);
    return file;
  }

  it('runs TypeScript with annotations and a ```ts fence and keeps the code as written in the transcript', async () => {
    const code = [
      '```ts',
      'interface Sum { total: number }',
      'const a: number = 2;',
      'const sum: Sum = { total: (await demo.add({ a, b: 3 })) as number };',
      'sum.total!',
      '```',
    ].join('\n');
    const out = join(dir, 'ts.jsonl');
    expect(await runCommand([tsScript(code), '--transcript', out])).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, result: 5 });
    const parsed = parseTranscript(readFileSync(out, 'utf8'));
    expect(parsed.header?.code).toBe(code);
  });

  it('rejects an enum with the file, line and column and a sentence saying why', async () => {
    expect(await runCommand([tsScript('const a = 1;\nenum E { A }')])).toBe(2);
    expect(stderr).toMatch(/guest\.ts:2:1: .*enum.*not supported/);
    expect(stdout).toBe('');
  });
});
