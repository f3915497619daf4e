import { describe, expect, it } from 'vitest';
import type { PausedCall } from '../../src/shared/api/debug';
import type { PlaygroundApi } from '../../src/shared/api/playgroundApi';
import type { RunSummary } from '../../src/shared/api/runs';
import { setActiveEditor } from '../../src/renderer/state/activeEditor';
import { heldCallOfShownRun, heldElsewhereNotice } from '../../src/renderer/state/heldCallOfShownRun';
import { runActiveSnippet } from '../../src/renderer/state/runActions';
import type { RunView } from '../../src/renderer/state/runView';
import { usePlaygroundStore } from '../../src/renderer/state/store';
import { workspaceRuns } from '../../src/renderer/state/workspaceRuns';
import { heldWaitFacts } from '../../src/renderer/state/useHeldWait';
import { currentRunLabel } from '../../src/renderer/state/viewedTranscript';

const tapOrigin = { kind: 'tap' as const, clientName: 'py runner' };
const agentOrigin = { kind: 'agent' as const, clientName: 'inspector-cli' };

function held(runId: string, origin: PausedCall['origin'], pauseId: string): PausedCall {
  return {
    pauseId,
    runId,
    origin,
    callId: 'call-1',
    providerName: 'demo',
    toolName: 'echo',
    phase: 'call',
    reason: 'breakpoint',
    pausedAt: 0,
  };
}

describe('Run while another origin’s run is shown', () => {
  it('runs the person’s code from a live tapped session shown, and shows their new run', async () => {
    setActiveEditor({ snippetId: 's1', getCode: () => 'return 1', flushSave: () => Promise.resolve() });
    usePlaygroundStore.setState({
      connection: 'open',
      starting: false,
      currentRunId: 'tap',
      ownRunId: null,
      runs: { tap: { runId: 'tap', seenAt: 0, entries: [], origin: tapOrigin } },
    } as never);
    const started: string[] = [];
    const api = {
      runs: {
        start: (request: { code: string }) => {
          started.push(request.code);
          return Promise.resolve({ runId: 'mine' });
        },
      },
    } as unknown as PlaygroundApi;
    await runActiveSnippet(api);
    expect(started).toEqual(['return 1']);
    expect(usePlaygroundStore.getState()).toMatchObject({ currentRunId: 'mine', ownRunId: 'mine' });
  });

  it('still waits for the person’s own run while it goes, whatever run is shown', async () => {
    usePlaygroundStore.setState({
      connection: 'open',
      starting: false,
      currentRunId: 'tap',
      ownRunId: 'mine',
      runs: {
        tap: { runId: 'tap', seenAt: 0, entries: [], origin: tapOrigin },
        mine: { runId: 'mine', seenAt: 0, entries: [] },
      },
    } as never);
    const api = {
      runs: { start: () => Promise.reject(new Error('must not start')) },
    } as unknown as PlaygroundApi;
    await runActiveSnippet(api);
    expect(usePlaygroundStore.getState().notices.filter((n) => n.kind === 'error')).toEqual([]);
  });
});

describe('F8 and F10 act on the run shown', () => {
  const paused = [held('agent-run', agentOrigin, 'p1'), held('my-run', { kind: 'person' }, 'p2')];

  it('resume the shown run’s held call, not the first held anywhere', () => {
    expect(heldCallOfShownRun(paused, 'my-run')?.pauseId).toBe('p2');
    expect(heldCallOfShownRun(paused, 'agent-run')?.pauseId).toBe('p1');
  });

  it('resume nothing when the run shown holds none, and say whose do', () => {
    expect(heldCallOfShownRun(paused, 'other')).toBeUndefined();
    expect(heldCallOfShownRun(paused, null)).toBeUndefined();
    expect(heldElsewhereNotice(paused, 'my-run')).toBe(
      'The run shown holds no call; inspector-cli’s run holds a call. Open it from its chip at the top, then press the key again.',
    );
    expect(heldElsewhereNotice(paused, null)).toContain('inspector-cli’s run, your run hold calls');
  });
});

describe('runs belong to their workspace', () => {
  const run = (
    runId: string,
    workspacePath: string,
    seenAt: number,
    extra: Partial<RunView> = {},
  ): RunView => ({
    runId,
    seenAt,
    entries: [],
    workspacePath,
    result: { ok: true, result: 1, logs: [], durationMs: 1 },
    ...extra,
  });

  it('opening another workspace shows its own last run the page holds, not the Welcome page', () => {
    usePlaygroundStore.setState({
      workspace: { path: '/a.execbox.json' },
      currentRunId: 'a2',
      runs: {
        b1: run('b1', '/b.execbox.json', 1),
        a2: run('a2', '/a.execbox.json', 2),
        b3: run('b3', '/b.execbox.json', 3, { origin: agentOrigin }),
      },
    } as never);
    usePlaygroundStore
      .getState()
      .applyEvent({ channel: 'workspace', type: 'changed', workspace: { path: '/b.execbox.json' } as never });
    // b3 is an agent's: the person's own last run in b is b1.
    expect(usePlaygroundStore.getState().currentRunId).toBe('b1');
    usePlaygroundStore
      .getState()
      .applyEvent({ channel: 'workspace', type: 'changed', workspace: { path: '/c.execbox.json' } as never });
    expect(usePlaygroundStore.getState().currentRunId).toBeNull();
  });

  it('lists this workspace’s runs apart from other workspaces’, the host’s kept ones once each', () => {
    const kept: RunSummary[] = [
      {
        runId: 'a1',
        state: 'finished',
        startedAt: new Date(1).toISOString(),
        origin: { kind: 'person' },
        workspacePath: '/a',
        name: 'First',
      },
      {
        runId: 'b0',
        state: 'running',
        startedAt: new Date(0).toISOString(),
        origin: tapOrigin,
        workspacePath: '/b',
        name: 'py runner',
      },
      { runId: 'old', state: 'finished', startedAt: new Date(5).toISOString(), origin: { kind: 'person' } },
    ];
    const { here, elsewhere } = workspaceRuns({ a1: run('a1', '/a', 1), a2: run('a2', '/a', 2) }, kept, '/a');
    expect(here.map((r) => [r.runId, r.name, r.held !== undefined])).toEqual([
      ['a1', 'First', true],
      ['a2', undefined, true],
      ['old', undefined, false],
    ]);
    expect(elsewhere.map((r) => [r.runId, r.live, r.summary?.runId])).toEqual([['b0', true, 'b0']]);
  });
});

describe('the deadline beside a held call', () => {
  it('counts a tapped runner’s limit from its execute, and an app run’s from the run’s own or the workspace’s limit', () => {
    const execute = {
      kind: 'message' as const,
      seq: 2,
      at: 13_000,
      direction: 'host_to_runner' as const,
      message: {
        type: 'execute' as const,
        id: 'e',
        code: '',
        options: { timeoutMs: 60_000, memoryLimitBytes: 1, maxLogLines: 1, maxLogChars: 1 },
        providers: [],
      },
    };
    const tap: RunView = { runId: 't', seenAt: 1_000, entries: [execute], origin: tapOrigin };
    const call = held('t', tapOrigin, 'p');
    expect(heldWaitFacts(call, tap, 30_000, 20_000)).toMatchObject({ limitMs: 60_000, runStartedAt: 14_000 });
    const mine: RunView = {
      runId: 'm',
      seenAt: 500,
      entries: [],
      request: { code: '', limits: { timeoutMs: 9_000 } },
    };
    expect(heldWaitFacts(held('m', { kind: 'person' }, 'q'), mine, 30_000, 1)).toMatchObject({
      limitMs: 9_000,
      runStartedAt: 500,
    });
    expect(heldWaitFacts(held('x', { kind: 'person' }, 'r'), undefined, 30_000, 1)).toMatchObject({
      limitMs: 30_000,
      runStartedAt: 0,
    });
  });
});

describe('the transcript picker', () => {
  it('names whose the current run is beside an opened transcript', () => {
    expect(currentRunLabel({})).toBe('current run · you');
    expect(currentRunLabel({ origin: tapOrigin })).toBe('current run · tap: py runner');
    expect(currentRunLabel({ origin: agentOrigin })).toBe('current run · inspector-cli');
    expect(currentRunLabel({ origin: { kind: 'model', modelName: 'gpt' } })).toBe('current run · model: gpt');
  });
});
