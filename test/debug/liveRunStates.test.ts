import { describe, expect, it } from 'vitest';
import { createLiveRunStates } from '../../src/main/services/debug/createLiveRunStates';

describe('state kept per run still going', () => {
  it('keeps the runs asked last, and runs one request on a run after the other', async () => {
    let made = 0;
    const states = createLiveRunStates(2, () => ({ n: ++made, log: [] as string[] }));
    const slow = states.use('a', async (state) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      state.log.push('first');
      return state.n;
    });
    const fast = states.use('a', async (state) => (state.log.push('second'), state.log.slice()));
    expect(await slow).toBe(1);
    expect(await fast).toEqual(['first', 'second']);

    await states.use('b', async () => undefined);
    await states.use('a', async () => undefined);
    await states.use('c', async () => undefined);
    // b was asked least recently, so it went; a stayed.
    expect(await states.use('a', async (state) => state.n)).toBe(1);
    expect(await states.use('b', async (state) => state.n)).toBe(4);
  });

  it('a failed request does not stop the next; forget and drop let a run’s state go', async () => {
    let made = 0;
    const states = createLiveRunStates(4, () => ({ n: ++made }));
    await expect(states.use('a', async () => Promise.reject(new Error('broke')))).rejects.toThrow('broke');
    const first = await states.use('a', async (state) => state);
    states.forget('a', { n: 99 });
    expect(await states.use('a', async (state) => state)).toBe(first);
    states.forget('a', first);
    expect((await states.use('a', async (state) => state)).n).toBe(2);
    states.drop('a');
    expect((await states.use('a', async (state) => state)).n).toBe(3);
  });
});
