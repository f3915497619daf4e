import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRecordingAnswers,
  RECORDING_WINDOW,
} from '../../src/main/services/debug/createRecordingAnswers';
import { WALK_PAGE } from '../../src/main/services/debug/transcriptSourceReader';
import type { ToolCallMessage } from '../../src/shared/protocol/messages';
import { countingFileReaders } from './countingFileReaders';
import { createDebugHostHarness } from './debugHostHarness';
import { recordOneCall } from './recordOneCall';
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
    const { sample } = await recordOneCall(harness);
    const file = path.join(harness.dir, 'recording.jsonl');
    const calls = 100_000;
    const count = await writeLongTranscript(file, sample.header!, sample.entries, calls, (index, entry) =>
      entry.kind === 'message' && entry.message.type === 'tool_call'
        ? { ...entry, message: { ...entry.message, input: { i: index } } }
        : entry,
    );
    expect(count).toBeGreaterThanOrEqual(200_000);
    const { readerOf, seen } = countingFileReaders();
    const answers = createRecordingAnswers(await readerOf(file));
    // Parallel calls may come in another order than recorded: they still match.
    expect(await answers.take(call(1))).toMatchObject({ ok: true, recorded: { callId: 'call-1' } });
    expect(await answers.take(call(0))).toMatchObject({ ok: true, recorded: { callId: 'call-0' } });
    const perCall = count / calls;
    expect(seen.entries).toBeLessThanOrEqual((RECORDING_WINDOW + 2) * perCall + WALK_PAGE);
    for (let i = 2; i < 60_000; i += 1) {
      const match = await answers.take(call(i));
      if (!match.ok) throw new Error(match.reason);
    }
    expect(seen.entries).toBeLessThanOrEqual((60_000 + RECORDING_WINDOW) * perCall + WALK_PAGE);
    expect(seen.most).toBeLessThanOrEqual(WALK_PAGE);
    const diverged = await answers.take(call('other'));
    expect(diverged).toMatchObject({
      ok: false,
      reason: expect.stringContaining('same tool, different input'),
    });
    const rest = await answers.finish();
    expect(rest).toMatchObject({ missed: calls - 60_000, firstMissed: { callId: 'call-60000' } });
    expect(rest.done?.type).toBe('done');
    expect(seen.entries).toBe(count);
  });
});
