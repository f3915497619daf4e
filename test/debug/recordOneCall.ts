import type { createDebugHostHarness } from './debugHostHarness';

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
