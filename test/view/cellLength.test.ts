import { describe, expect, it } from 'vitest';
import { cellLength, cellText, COLUMN_IDS } from '../../src/shared/view/transcriptCells';
import type { TranscriptRow } from '../../src/shared/view/describeEntries';

const row = (fields: Partial<TranscriptRow>): TranscriptRow =>
  ({ seq: 1, at: 0, type: 'tool_call', isEvent: false, note: '', ...fields }) as TranscriptRow;

describe('cellLength', () => {
  it('is the length of the text each cell shows, for every column', () => {
    const ats = [
      0,
      0.04,
      0.05,
      0.95,
      9.94,
      9.95,
      9.96,
      99.95,
      99.949,
      999.96,
      12345.67,
      1e7 + 0.05,
      1e21,
      -1,
    ];
    const rows = [
      ...ats.map((at, i) => row({ at, seq: i * 977 })),
      row({
        seq: 100_000,
        direction: 'host_to_runner',
        callId: 'call-4322',
        provider: 'github',
        tool: 'search',
      }),
      row({ isEvent: true, type: 'run_started', durationMs: 0.25, heldMs: 1200, note: 'a note' }),
      row({ direction: 'runner_to_host', durationMs: 61_000 }),
    ];
    for (const r of rows) {
      for (const column of COLUMN_IDS)
        expect([r.at, column, cellLength(r, column)]).toEqual([r.at, column, cellText(r, column).length]);
    }
  });

  it('agrees with toFixed for offsets of every size, near each rounding edge too', () => {
    for (let power = 0; power < 9; power++) {
      for (let step = -60; step <= 60; step++) {
        const at = 10 ** power + step * 0.001 - 0.05;
        if (at < 0) continue;
        expect([at, cellLength(row({ at }), 'ms')]).toEqual([at, row({ at }).at.toFixed(1).length]);
      }
    }
  });
});
