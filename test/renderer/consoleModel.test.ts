import { describe, expect, it } from 'vitest';
import { consoleModelFor } from '../../src/renderer/features/console/consoleModel';
import type { ExecuteResult } from '../../src/shared/executeResult';
import type { TranscriptEntry } from '../../src/shared/transcript';

const result: ExecuteResult = { ok: true, result: undefined, logs: ['one', 'two'], durationMs: 1 };
const streamedEntry = (seq: number, text: string): TranscriptEntry => ({
  kind: 'event',
  seq,
  at: seq,
  event: { type: 'guest_console', lines: [{ level: 'log', text }] },
});
const done = (seq: number): TranscriptEntry => ({
  kind: 'message',
  seq,
  at: seq,
  direction: 'runner_to_host',
  message: { type: 'done', id: 'exec-1', ok: true, durationMs: 1, logs: ['one', 'two'] },
});

describe('the console model of a run', () => {
  it('after a reload shows each streamed line once: the result came before the entries', () => {
    // The page puts a finished run in the store with its result and no entries, then the pages come.
    expect(consoleModelFor('run-reload', [], result).rows.map((row) => row.text)).toEqual(['one', 'two']);
    const entries = [streamedEntry(0, 'one'), streamedEntry(1, 'two'), done(2)];
    const model = consoleModelFor('run-reload', entries, result);
    expect(model.rows.map((row) => row.text)).toEqual(['one', 'two']);
    expect(model.counts.log).toBe(2);
    expect(model.streamed).toBe(true);
  });

  it('without the stream shows the done logs once, however the entries come', () => {
    consoleModelFor('run-plain', [], result);
    const model = consoleModelFor('run-plain', [done(0)], result);
    expect(model.rows.map((row) => row.text)).toEqual(['one', 'two']);
    expect(model.streamed).toBe(false);
  });
});
