import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranscriptFilePages } from '../../src/main/services/debug/createTranscriptFilePages';
import {
  createRecordingAnswers,
  RECORDING_WINDOW,
} from '../../src/main/services/debug/createRecordingAnswers';
import { WALK_PAGE, type TranscriptSourceReader } from '../../src/main/services/debug/transcriptSourceReader';
import type { ToolCallMessage } from '../../src/shared/protocol/messages';
import { createDebugHostHarness } from './debugHostHarness';
import { createScriptedExecutor } from './scriptedExecutor';
import { writeLongTranscript } from './longTranscriptFile';

let harness: Awaited<ReturnType<typeof createDebugHostHarness>>;
afterEach(async () => harness?.dispose());

const call = (i: number | string): ToolCallMessage => ({
  type: 'tool_call',
  callId: `replayed-${i}`,
  providerName: 'demo',
  safeToolName: 'echo',
  input: { i },
});

describe('replaying a long recording', () => {
  it('reads a 200,000-entry recording a page at a time, only as far ahead as the calls made need', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor(), {}, { noSecrets: true });
    const code = JSON.stringify({ calls: [{ provider: 'demo', tool: 'echo', input: { i: 0 } }] });
    const { runId } = await harness.runs.start({ code });
    await harness.finished(runId);
    const sample = await harness.debug.openTranscript({ runId });
    const file = path.join(harness.dir, 'recording.jsonl');
    const calls = 100_000;
    const count = await writeLongTranscript(file, sample.header!, sample.entries, calls, (index, entry) =>
      entry.kind === 'message' && entry.message.type === 'tool_call'
        ? { ...entry, message: { ...entry.message, input: { i: index } } }
        : entry,
    );
    expect(count).toBeGreaterThanOrEqual(200_000);
    const pages = createTranscriptFilePages();
    const seen = { most: 0, read: 0 };
    const reader: TranscriptSourceReader = {
      header: sample.header,
      count,
      async page(from, to) {
        const page = await pages.page(file, { from, limit: to - from });
        seen.most = Math.max(seen.most, page.entries.length);
        seen.read += page.entries.length;
        return page;
      },
      close: () => undefined,
    };
    const answers = createRecordingAnswers(reader);
    // Parallel calls may come in another order than recorded: they still match.
    expect(await answers.take(call(1))).toMatchObject({ ok: true, recorded: { callId: 'call-1' } });
    expect(await answers.take(call(0))).toMatchObject({ ok: true, recorded: { callId: 'call-0' } });
    const perCall = count / calls;
    expect(seen.read).toBeLessThanOrEqual((RECORDING_WINDOW + 2) * perCall + WALK_PAGE);
    for (let i = 2; i < 60_000; i += 1) {
      const match = await answers.take(call(i));
      if (!match.ok) throw new Error(match.reason);
    }
    expect(seen.read).toBeLessThanOrEqual((60_000 + RECORDING_WINDOW) * perCall + WALK_PAGE);
    expect(seen.most).toBeLessThanOrEqual(WALK_PAGE);
    const diverged = await answers.take(call('other'));
    expect(diverged).toMatchObject({
      ok: false,
      reason: expect.stringContaining('same tool, different input'),
    });
    const rest = await answers.finish();
    expect(rest).toMatchObject({ missed: calls - 60_000, firstMissed: { callId: 'call-60000' } });
    expect(rest.done?.type).toBe('done');
    expect(seen.read).toBe(count);
  });
});
