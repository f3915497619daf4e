import { describe, expect, it } from 'vitest';
import type { PlaygroundApi } from '../../src/shared/api/playgroundApi';
import { setActiveEditor } from '../../src/renderer/state/activeEditor';
import { cancelCurrentRun, isRunning, runActiveSnippet } from '../../src/renderer/state/runActions';
import { usePlaygroundStore } from '../../src/renderer/state/store';

function fakeApi() {
  let answer!: (value: { runId: string }) => void;
  const cancelled: string[] = [];
  const api = {
    runs: {
      start: () => new Promise<{ runId: string }>((resolve) => (answer = resolve)),
      cancel: (runId: string) => {
        cancelled.push(runId);
        return Promise.resolve();
      },
    },
  } as unknown as PlaygroundApi;
  return { api, cancelled, answer: (runId: string) => answer({ runId }) };
}

describe('Cancel pressed while a run is starting', () => {
  it('cancels the new run once the host names it, not the finished run still on screen', async () => {
    setActiveEditor({
      snippetId: 's1',
      getCode: () => 'while (true) {}',
      flushSave: () => Promise.resolve(),
    });
    usePlaygroundStore.setState({
      connection: 'open',
      currentRunId: 'old',
      runs: { old: { runId: 'old', seenAt: 0, entries: [], result: { ok: true, value: 2, logs: [] } } },
    } as never);
    const { api, cancelled, answer } = fakeApi();

    const started = runActiveSnippet(api);
    await Promise.resolve();
    expect(isRunning()).toBe(true);
    await cancelCurrentRun(api);
    expect(cancelled).toEqual([]);

    answer('new');
    await started;
    expect(cancelled).toEqual(['new']);
    expect(usePlaygroundStore.getState().currentRunId).toBe('new');
  });

  it('a cancel from an earlier start is not carried to the next run', async () => {
    const first = fakeApi();
    usePlaygroundStore.setState({ currentRunId: null, runs: {}, starting: false } as never);
    const started = runActiveSnippet(first.api);
    await Promise.resolve();
    await cancelCurrentRun(first.api);
    first.answer('a');
    await started;
    usePlaygroundStore.setState({
      runs: {
        a: {
          runId: 'a',
          seenAt: 0,
          entries: [],
          result: { ok: false, error: { code: 'cancelled', message: 'x' }, logs: [] },
        },
      },
    } as never);

    const second = fakeApi();
    const again = runActiveSnippet(second.api);
    await Promise.resolve();
    second.answer('b');
    await again;
    expect(first.cancelled).toEqual(['a']);
    expect(second.cancelled).toEqual([]);
  });
});
