import type { TranscriptEntry } from '../transcript';

/** The most recent successful result of `provider.tool` among the runs this window has seen. */
export function latestToolResult(
  runs: readonly { entries: readonly TranscriptEntry[] }[],
  providerName: string,
  safeToolName: string,
): { found: true; result: unknown } | { found: false } {
  for (const run of [...runs].reverse()) {
    const callIds = new Set<string>();
    let latest: { found: true; result: unknown } | undefined;
    for (const entry of run.entries) {
      if (entry.kind !== 'message') continue;
      const message = entry.message;
      if (
        message.type === 'tool_call' &&
        message.providerName === providerName &&
        message.safeToolName === safeToolName
      )
        callIds.add(message.callId);
      if (
        message.type === 'tool_result' &&
        message.ok &&
        callIds.has(message.callId) &&
        message.result !== undefined
      )
        latest = { found: true, result: message.result };
    }
    if (latest) return latest;
  }
  return { found: false };
}
