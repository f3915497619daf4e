import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import type { Executor } from '../../src/main/engine/core/types';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { createWorkerExecutor } from '../../src/main/engine/executors/createWorkerExecutor';
import { createDebugHostHarness } from './debugHostHarness';

let harness: Awaited<ReturnType<typeof createDebugHostHarness>> | undefined;
let executor: Executor | undefined;
afterEach(async () => {
  await harness?.dispose();
  await executor?.dispose();
  harness = undefined;
  executor = undefined;
});

const CODE =
  'const a = await demo.echo({ n: 1 }); const b = await demo.echo({ n: 2 }); a.echoed.n + b.echoed.n';

/** Records CODE with the demo provider, saves it to a file, then leaves the workspace without demo. */
async function recordThenDropProvider(kind: 'inprocess' | 'worker') {
  executor =
    kind === 'inprocess'
      ? createInProcessExecutor()
      : createWorkerExecutor({ mode: 'ephemeral', runnerEntryPath: TEST_RUNNER_ENTRY });
  const h = await createDebugHostHarness(executor);
  harness = h;
  const { runId } = await h.runs.start({ code: CODE });
  expect(await h.finished(runId)).toMatchObject({ ok: true, result: 3 });
  const file = path.join(h.dir, 'recorded.jsonl');
  await h.debug.saveTranscript(runId, { file });
  const other = resolveProvider({ name: 'other', tools: { ping: { execute: () => 'pong' } } });
  h.setWorkspaceProviders([other]);
  return { h, file };
}

function eventTypes(entries: Awaited<ReturnType<NonNullable<typeof harness>['runs']['transcript']>>) {
  return entries.flatMap((entry) => (entry.kind === 'event' ? [entry.event.type] : []));
}

describe.each(['inprocess', 'worker'] as const)(
  'replay against a recording whose providers the workspace lacks (real QuickJS, %s)',
  (kind) => {
    it('matches: the guest gets the recorded namespaces and every call is answered from the recording', async () => {
      const { h, file } = await recordThenDropProvider(kind);
      // The workspace really lacks demo: a live re-run cannot find it.
      const live = await h.debug.replay({ file }, 'live');
      expect(await h.finished(live.runId)).toMatchObject({ ok: false });

      const replayed = await h.debug.replay({ file }, 'recording');
      const checked = h.replayChecked(replayed.runId);
      expect(await h.finished(replayed.runId)).toMatchObject({ ok: true, result: 3 });
      expect(await checked).toMatchObject({ ok: true });
      expect(h.providerCalls).toEqual([{ n: 1 }, { n: 2 }]);
      const types = eventTypes(await h.runs.transcript(replayed.runId));
      expect(types.filter((type) => type === 'replay_answered')).toHaveLength(2);
      expect(types).not.toContain('replay_diverged');
      const opened = await h.debug.openTranscript({ runId: replayed.runId });
      expect(opened.header?.providers.map((provider) => provider.name)).toEqual(['demo']);
    });

    it('still flags a call with no recorded answer, and never reaches a real provider', async () => {
      const { h, file } = await recordThenDropProvider(kind);
      const text = await readFile(file, 'utf8');
      const [first, ...rest] = text.split('\n');
      const header = JSON.parse(first!);
      header.code =
        'const a = await demo.echo({ n: 1 }); const b = await demo.echo({ n: 99 }); a.echoed.n + b.echoed.n';
      await writeFile(file, [JSON.stringify(header), ...rest].join('\n'));

      const paused = h.nextPause();
      const replayed = await h.debug.replay({ file }, 'recording');
      const divergence = await paused;
      expect(divergence).toMatchObject({ runId: replayed.runId, reason: 'diverged', input: { n: 99 } });
      const checked = h.replayChecked(replayed.runId);
      const finished = h.finished(replayed.runId);
      // Let the call through: only the recording's stand-in is there to answer, and it refuses.
      await h.debug.resume(divergence.pauseId, { action: 'continue' });
      expect(await finished).toMatchObject({
        ok: false,
        error: { code: 'tool_error', message: expect.stringContaining('not available in a replay') },
      });
      expect(await checked).toMatchObject({ ok: false, reason: expect.stringContaining('demo.echo') });
      expect(h.providerCalls).toEqual([{ n: 1 }, { n: 2 }]);
      const types = eventTypes(await h.runs.transcript(replayed.runId));
      expect(types).toEqual(expect.arrayContaining(['replay_answered', 'replay_diverged']));
    });
  },
);
