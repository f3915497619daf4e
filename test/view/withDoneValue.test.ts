import { describe, expect, it } from 'vitest';
import type { ExecuteResult } from '../../src/shared/executeResult';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { entriesForPage } from '../../src/main/services/runs/entriesForPage';
import { withDoneValue } from '../../src/shared/view/withDoneValue';

const value = { rows: [{ i: 0 }, { i: 1 }] };
const result: ExecuteResult = { ok: true, result: value, logs: ['hi'], durationMs: 3 };
const transcript: TranscriptEntry[] = [
  { kind: 'event', seq: 0, at: 0, event: { type: 'run_started', runId: 'r1', executor: 'process' } },
  {
    kind: 'message',
    seq: 1,
    at: 1,
    direction: 'runner_to_host',
    message: { type: 'done', id: 'x', ok: true, durationMs: 3, logs: result.logs, result: value },
  },
  { kind: 'event', seq: 2, at: 2, event: { type: 'run_finished', ok: true, durationMs: 3 } },
];
/** As it reaches the page: JSON over the WebSocket. */
const overTheWire = <T>(data: T): T => JSON.parse(JSON.stringify(data)) as T;
const valueOfDone = (entries: readonly TranscriptEntry[]) => {
  const done = entries.find((entry) => entry.kind === 'message' && entry.message.type === 'done');
  return done?.kind === 'message' && done.message.type === 'done' && done.message.ok
    ? done.message.result
    : undefined;
};

describe('a finished run\u2019s value travels once, in its result', () => {
  it('the host leaves it out of the done entry, and only there', () => {
    const [started, done, finished] = transcript;
    const { result: _value, ...doneWithoutValue } = (done as { message: { result: unknown } }).message;
    expect(entriesForPage(transcript, result)).toEqual([
      started,
      { ...done, message: doneWithoutValue, valueInResult: true },
      finished,
    ]);
    expect(valueOfDone(transcript)).toBe(value);
  });

  it('the host keeps a value the result does not hold (another object, a failure, no result yet)', () => {
    expect(entriesForPage(transcript, { ...result, result: overTheWire(value) })).toBe(transcript);
    expect(
      entriesForPage(transcript, {
        ok: false,
        logs: [],
        durationMs: 1,
        error: { code: 'timeout', message: 'x' },
      }),
    ).toBe(transcript);
    expect(entriesForPage(transcript, undefined)).toBe(transcript);
  });

  it('the page puts the result\u2019s value back: the same object, held once', () => {
    const sentResult = overTheWire(result);
    const restored = withDoneValue(overTheWire(entriesForPage(transcript, result)), sentResult);
    expect(restored).toEqual(transcript);
    expect(valueOfDone(restored)).toBe(sentResult.ok && sentResult.result);
  });

  it('the page leaves entries the host sent whole as they are', () => {
    const whole = overTheWire(transcript);
    expect(withDoneValue(whole, overTheWire(result))).toBe(whole);
    expect(withDoneValue(whole, undefined)).toBe(whole);
  });
});
