import { describe, expect, it } from 'vitest';
import { describeRunListItem, describeRunOrigin, formatRunTime } from '../../../src/shared/format';

describe('one wording for every list of runs', () => {
  const when = new Date(2026, 10, 26, 17, 4, 6);

  it('dates a run one way: local, sortable, to the second', () => {
    expect(formatRunTime(when)).toBe('2026-11-26 17:04:06');
    expect(formatRunTime(when.toISOString())).toBe('2026-11-26 17:04:06');
    expect(formatRunTime('not a date')).toBe('–');
  });

  it('names who started it', () => {
    expect(describeRunOrigin(undefined)).toBe('you');
    expect(describeRunOrigin({ kind: 'agent', clientName: 'Claude Code' })).toBe('agent Claude Code');
    expect(describeRunOrigin({ kind: 'replay', transcript: 'nightly', against: 'recording' })).toBe(
      'replay of “nightly” (against the recording)',
    );
  });

  it('a cancelled run reads as cancelled in a list, never as a timeout', () => {
    const end = {
      result: { ok: false as const, durationMs: 2020, error: { code: 'timeout' as const, message: 'x' } },
      facts: { cancelReason: 'user' as const, wallMs: 2020 },
    };
    expect(describeRunListItem({ when: when.getTime(), origin: { kind: 'person' }, end })).toBe(
      '2026-11-26 17:04:06 · you · Cancelled',
    );
    expect(describeRunListItem({ when: when.getTime() })).toBe('2026-11-26 17:04:06 · you · running');
  });
});
