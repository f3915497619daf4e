import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopWithin } from '../../src/main/system/stopWithin';

afterEach(() => vi.useRealTimers());

function signals() {
  let listener: (() => void) | undefined;
  return {
    onSignal: (next: () => void) => {
      listener = next;
      return () => (listener = undefined);
    },
    send: () => listener?.(),
    listening: () => listener !== undefined,
  };
}

describe('stopWithin', () => {
  it('forces once the deadline passes while the stop hangs (a provider restarting)', async () => {
    vi.useFakeTimers();
    const force = vi.fn();
    const signal = signals();
    void stopWithin({
      deadlineMs: 5000,
      stop: () => new Promise(() => {}),
      force,
      onSignal: signal.onSignal,
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(force).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(force).toHaveBeenCalledWith('it did not stop within 5 s');
    signal.send();
    expect(force).toHaveBeenCalledTimes(1);
  });

  it('forces at a second stop signal', async () => {
    const force = vi.fn();
    const signal = signals();
    void stopWithin({
      deadlineMs: 60_000,
      stop: () => new Promise(() => {}),
      force,
      onSignal: signal.onSignal,
    });
    signal.send();
    expect(force).toHaveBeenCalledWith('it was asked again to stop');
  });

  it('never forces an orderly stop, and stops listening after it', async () => {
    vi.useFakeTimers();
    const force = vi.fn();
    const signal = signals();
    await stopWithin({ deadlineMs: 5000, stop: async () => {}, force, onSignal: signal.onSignal });
    expect(signal.listening()).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(force).not.toHaveBeenCalled();
  });
});
