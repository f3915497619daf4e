import path from 'node:path';
import { createDebugHostHarness } from './debugHostHarness';
import { writeLongTranscript } from './longTranscriptFile';
import { createScriptedExecutor } from './scriptedExecutor';

/** A real run of one demo.echo call on the harness's host, and its transcript (what writeLongTranscript repeats). */
export async function recordOneCall(
  harness: Awaited<ReturnType<typeof createDebugHostHarness>>,
  input: unknown = { i: 0 },
) {
  const code = JSON.stringify({ calls: [{ provider: 'demo', tool: 'echo', input }] });
  const { runId } = await harness.runs.start({ code });
  await harness.finished(runId);
  return { runId, sample: await harness.debug.openTranscript({ runId }) };
}

/** A fresh harness and, in its folder, a saved transcript of `calls` calls made from a real one-call run. */
export async function harnessWithLongFile(name: string, calls: number) {
  const harness = await createDebugHostHarness(createScriptedExecutor(), {}, { noSecrets: true });
  const { sample } = await recordOneCall(harness);
  const file = path.join(harness.dir, name);
  const count = await writeLongTranscript(file, sample.header!, sample.entries, calls);
  return { harness, file, count };
}
