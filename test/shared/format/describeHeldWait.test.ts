import { describe, expect, it } from 'vitest';
import { describeHeldWait } from '../../../src/shared/format';

const start = 1_000_000;

describe('how long a held call waits, and for whom', () => {
  it('gives an agent’s client timeout when the client sent one, counting from the run’s start', () => {
    const origin = { kind: 'agent' as const, clientName: 'inspector-cli', timeoutMs: 60_000 };
    const at = { origin, pausedAt: start + 2_000, runStartedAt: start, limitMs: 30_000 };
    expect(describeHeldWait({ ...at, now: start + 14_500 })).toEqual({
      waiting: 'waiting 12 s',
      deadline: 'inspector-cli gives up in 46 s',
    });
    expect(describeHeldWait({ ...at, now: start + 61_000 }).deadline).toBe(
      'inspector-cli’s 1 min timeout has passed',
    );
    expect(
      describeHeldWait({ ...at, now: start + 14_500, originName: 'inspector-cli (session ab)' }).deadline,
    ).toBe('inspector-cli (session ab) gives up in 46 s');
  });

  it('falls back on the run’s own limit, which the app’s runs do not charge with held time', () => {
    const facts = { pausedAt: start, runStartedAt: start, now: start + 5_000, limitMs: 30_000 };
    expect(describeHeldWait({ ...facts, origin: { kind: 'person' } }).deadline).toBe(
      'the run’s 30 s limit does not count held time',
    );
    expect(describeHeldWait({ ...facts, origin: { kind: 'agent', clientName: 'x' } }).deadline).toBe(
      'the run’s 30 s limit does not count held time',
    );
    const { limitMs: _none, ...unknown } = facts;
    expect(describeHeldWait({ ...unknown, origin: { kind: 'person' } }).deadline).toBe('no time limit known');
  });

  it('counts a tapped runner’s limit down: the tap holds the message, the runner’s clock goes on', () => {
    const origin = { kind: 'tap' as const, clientName: 'py' };
    const facts = { origin, pausedAt: start, runStartedAt: start, limitMs: 60_000 };
    expect(describeHeldWait({ ...facts, now: start + 20_000 }).deadline).toBe(
      'the runner’s 1 min limit ends in 40 s',
    );
    expect(describeHeldWait({ ...facts, now: start + 70_000 }).deadline).toBe(
      'the runner’s 1 min limit has passed',
    );
  });
});
