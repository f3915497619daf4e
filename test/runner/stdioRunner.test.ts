import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';

const options = { timeoutMs: 5000, memoryLimitBytes: 64 * 1024 * 1024, maxLogLines: 100, maxLogChars: 64000 };
const providers = [{ name: 'tools', tools: { echo: { safeName: 'echo', originalName: 'echo' } }, types: '' }];

describe('runner --stdio (JSON lines)', () => {
  it('survives garbage lines, rejects a concurrent execute for its own id, and answers the first', async () => {
    const child = spawn(process.execPath, [TEST_RUNNER_ENTRY, '--stdio'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const lines = createInterface({ input: child.stdout });
    const messages: Array<Record<string, unknown>> = [];
    const waiters: Array<[(m: Record<string, unknown>) => boolean, (m: Record<string, unknown>) => void]> =
      [];
    lines.on('line', (line) => {
      const message = JSON.parse(line) as Record<string, unknown>;
      messages.push(message);
      for (const [match, resolve] of [...waiters]) if (match(message)) resolve(message);
    });
    const next = (match: (m: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const found = messages.find(match);
        if (found) resolve(found);
        else waiters.push([match, resolve]);
      });
    const write = (line: string) => child.stdin.write(`${line}\n`);

    write('this is not json');
    write('{"type":"execute","id":"x"}');
    write(
      JSON.stringify({
        type: 'execute',
        id: 'a',
        code: 'await tools.echo("\\u2028 ok")',
        options,
        providers,
      }),
    );
    const call = await next((m) => m.type === 'tool_call');
    write(JSON.stringify({ type: 'execute', id: 'b', code: '1', options, providers }));
    expect(await next((m) => m.type === 'done' && m.id === 'b')).toMatchObject({
      ok: false,
      error: { code: 'internal_error' },
    });
    write(JSON.stringify({ type: 'tool_result', callId: call.callId, ok: true, result: call.input }));
    expect(await next((m) => m.type === 'done' && m.id === 'a')).toMatchObject({
      ok: true,
      result: '\u2028 ok',
    });
    expect(messages[0]).toEqual({ type: 'started', id: 'a' });
    child.stdin.end();
    const exitCode = await new Promise((resolve) => child.on('exit', resolve));
    expect(exitCode).toBe(0);
    expect(stderr.match(/ignored a malformed host message/g)).toHaveLength(2);
  });
});
