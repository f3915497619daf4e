import { describe, expect, it } from 'vitest';
import { createHeldClock } from '../../src/main/engine/executors/createHeldClock';

describe('createHeldClock', () => {
  it('counts overlapping holds once and passes only the first pause and last resume on', () => {
    let now = 0;
    const calls: string[] = [];
    const clock = createHeldClock(
      { pause: () => calls.push('pause'), resume: () => calls.push('resume') },
      () => now,
    );
    clock.pause();
    now = 10;
    clock.pause();
    now = 30;
    clock.resume();
    expect(clock.heldMs()).toBe(30);
    now = 50;
    clock.resume();
    now = 80;
    expect(clock.heldMs()).toBe(50);
    expect(calls).toEqual(['pause', 'resume']);
  });

  it('ignores a resume without a pause, and nests a call clock inside a run clock', () => {
    let now = 0;
    const run = createHeldClock(undefined, () => now);
    const a = createHeldClock(run, () => now);
    const b = createHeldClock(run, () => now);
    run.resume();
    a.pause();
    now = 5;
    b.pause();
    now = 20;
    a.resume();
    now = 25;
    b.resume();
    expect(a.heldMs()).toBe(20);
    expect(b.heldMs()).toBe(20);
    expect(run.heldMs()).toBe(25);
  });
});
