import { describe, expect, it } from 'vitest';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import { extractProviderManifests } from '../../src/main/engine/core/extractProviderManifests';
import type { Executor } from '../../src/main/engine/core/types';
import { replayRecording } from '../../src/main/services/debug/replayRecording';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { sampleHeader, SAMPLE_OPTIONS } from './sampleTranscript';
import { createScriptedExecutor } from './scriptedExecutor';

const echo = (input: unknown) => ({ provider: 'demo', tool: 'echo', input });
const script = (...calls: unknown[]) => JSON.stringify({ calls });
const demo = resolveProvider({
  name: 'demo',
  tools: { echo: { execute: (input: unknown) => ({ live: input }) } },
});

/** Runs the code for real (with the demo provider) and returns what a saved file would hold. */
async function record(executor: Executor, code: string) {
  const entries: TranscriptEntry[] = [];
  await executor.execute(code, [demo], {
    ...SAMPLE_OPTIONS,
    hooks: {
      onMessage: ({ direction, message }) =>
        entries.push({ kind: 'message', seq: entries.length, at: entries.length, direction, message }),
    },
  });
  return { header: sampleHeader({ code, providers: extractProviderManifests([demo]) }), entries };
}

describe('replay against a recording (CLI engine)', () => {
  const executor = createScriptedExecutor();

  it('matches when the code makes the same calls and gets the same result, without any provider', async () => {
    const { header, entries } = await record(executor, script(echo(1), echo(2)));
    const report = await replayRecording(header, entries, executor);
    expect(report).toMatchObject({
      matched: true,
      answeredCalls: 2,
      result: { ok: true, result: [{ live: 1 }, { live: 2 }] },
    });
  });

  it('stops at the first call that differs and says what differed', async () => {
    const { header, entries } = await record(executor, script(echo(1), echo(2)));
    const report = await replayRecording({ ...header, code: script(echo(1), echo(3)) }, entries, executor);
    expect(report.matched).toBe(false);
    expect(report.divergence).toBe(
      'the code called demo.echo(3), but the recording has demo.echo(2) (same tool, different input)',
    );
    expect(report.answeredCalls).toBe(1);
    expect(report.events.map((event) => event.type)).toEqual(['replay_answered', 'replay_diverged']);
  });

  it('flags recorded calls the replay never made', async () => {
    const { header, entries } = await record(executor, script(echo(1), echo(2)));
    const report = await replayRecording({ ...header, code: script(echo(1)) }, entries, executor);
    expect(report.divergence).toMatch(/made 1 fewer tool call\(s\).*demo\.echo\(2\)/);
  });

  it('flags a different final result', async () => {
    const { header, entries } = await record(executor, script(echo(1)));
    const edited = entries.map((entry) =>
      entry.kind === 'message' && entry.message.type === 'done' && entry.message.ok
        ? { ...entry, message: { ...entry.message, result: ['something else'] } }
        : entry,
    );
    const report = await replayRecording(header, edited, executor);
    expect(report.divergence).toMatch(
      /^the result differs: recorded \["something else"\], replayed \[\{"live":1\}\]/,
    );
  });
});
