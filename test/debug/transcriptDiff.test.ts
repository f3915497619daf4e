import { describe, expect, it } from 'vitest';
import { diffTranscripts } from '../../src/shared/transcriptDiff';
import { entryList, SAMPLE_OPTIONS } from './sampleTranscript';

function run(code: string, calls: { id: string; input: unknown; result: unknown }[], result: unknown) {
  const list = entryList().message('host_to_runner', {
    type: 'execute',
    id: 'e',
    code,
    options: SAMPLE_OPTIONS,
    providers: [],
  });
  for (const call of calls) {
    list.message('runner_to_host', {
      type: 'tool_call',
      callId: call.id,
      providerName: 'demo',
      safeToolName: 'echo',
      input: call.input,
    });
    list.message('host_to_runner', { type: 'tool_result', callId: call.id, ok: true, result: call.result });
  }
  return list.message('runner_to_host', { type: 'done', id: 'e', ok: true, durationMs: 1, logs: [], result })
    .entries;
}

describe('diffing two runs', () => {
  it('finds no difference between identical runs, whatever their timings', () => {
    const a = run('x', [{ id: 'c1', input: 1, result: 1 }], 1);
    const b = run('x', [{ id: 'c1', input: 1, result: 1 }], 1).map((entry) => ({
      ...entry,
      at: entry.at * 10,
    }));
    const diff = diffTranscripts(a, b);
    expect(diff.firstDifference).toBeUndefined();
    expect(diff.rows.map((row) => row.key)).toEqual(['execute', 'call:c1', 'done']);
    expect(diff.left.messages).toBe(diff.right.messages);
  });

  it('aligns calls by callId and points at the first differing one', () => {
    const a = run(
      'x',
      [
        { id: 'c1', input: 1, result: 1 },
        { id: 'c2', input: 2, result: 2 },
      ],
      3,
    );
    const b = run(
      'x',
      [
        { id: 'c1', input: 1, result: 1 },
        { id: 'c2', input: 2, result: 'changed' },
      ],
      3,
    );
    const diff = diffTranscripts(a, b);
    expect(diff.alignedBy).toBe('callId');
    expect(diff.firstDifference).toBe(2);
    expect(diff.rows[2]).toMatchObject({ key: 'call:c2', same: false });
    expect(diff.rows[3]).toMatchObject({ key: 'done', same: true });
  });

  it('shows calls only one run made as one-sided rows in place', () => {
    const a = run('x', [{ id: 'c1', input: 1, result: 1 }], 1);
    const b = run(
      'x',
      [
        { id: 'c1', input: 1, result: 1 },
        { id: 'c9', input: 9, result: 9 },
      ],
      1,
    );
    const diff = diffTranscripts(a, b);
    expect(diff.rows.map((row) => [row.key, row.left !== undefined, row.right !== undefined])).toEqual([
      ['execute', true, true],
      ['call:c1', true, true],
      ['call:c9', false, true],
      ['done', true, true],
    ]);
    expect(diff.firstDifference).toBe(2);
  });

  it('pairs calls by order when the runs share no callIds, and compares code and results', () => {
    const a = run('const a = 1', [{ id: 'a1', input: 1, result: 1 }], 1);
    const b = run('const a = 2', [{ id: 'b1', input: 1, result: 1 }], 2);
    const diff = diffTranscripts(a, b);
    expect(diff.alignedBy).toBe('order');
    expect(diff.rows.map((row) => row.key)).toEqual(['execute', 'call#1', 'done']);
    expect(diff.firstDifference).toBe(0);
    expect(diff.left.code).toBe('const a = 1');
    expect(diff.right.result).toContain('"result": 2');
  });
});
