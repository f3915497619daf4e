import { describe, expect, it } from 'vitest';
import {
  describeRunListItem,
  describeRunOrigin,
  formatRunTime,
  originNamer,
} from '../../../src/shared/format';

describe('one wording for every list of runs', () => {
  const when = new Date(2026, 10, 26, 17, 4, 6);

  it('dates a run one way: local, sortable, to the second', () => {
    expect(formatRunTime(when)).toBe('2026-11-26 17:04:06');
    expect(formatRunTime(when.toISOString())).toBe('2026-11-26 17:04:06');
    expect(formatRunTime('not a date')).toBe('–');
  });

  it('names who started it', () => {
    expect(describeRunOrigin(undefined)).toBe('you');
    expect(describeRunOrigin({ kind: 'agent', clientName: 'Claude Code' })).toBe('Claude Code');
    expect(describeRunOrigin({ kind: 'tap', clientName: 'py runner' })).toBe('tap: py runner');
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
      'you · 2026-11-26 17:04:06 · Cancelled',
    );
    expect(describeRunListItem({ when: when.getTime() })).toBe('you · 2026-11-26 17:04:06 · running');
  });

  it('names what the run ran, who started it and when; a tap’s name once', () => {
    expect(describeRunListItem({ name: 'First steps', when: when.getTime() })).toBe(
      'First steps · you · 2026-11-26 17:04:06 · running',
    );
    const tap = { kind: 'tap' as const, clientName: 'py' };
    expect(describeRunListItem({ name: 'py', origin: tap, when: when.getTime() })).toBe(
      'tap: py · 2026-11-26 17:04:06 · running',
    );
  });

  it('names a client’s session only when that client has several among the origins shown', () => {
    const a = { kind: 'agent' as const, clientName: 'inspector-cli', session: 'aaaa1111' };
    const b = { kind: 'agent' as const, clientName: 'inspector-cli', session: 'bbbb2222' };
    const other = { kind: 'agent' as const, clientName: 'Claude Code', session: 'cccc3333' };
    const one = originNamer([a, other, undefined]);
    expect([one(a), one(other), one(undefined)]).toEqual(['inspector-cli', 'Claude Code', 'you']);
    const two = originNamer([a, b, other]);
    expect([two(a), two(b), two(other)]).toEqual([
      'inspector-cli (session aaaa1111)',
      'inspector-cli (session bbbb2222)',
      'Claude Code',
    ]);
  });
});
