import type { ToolCallMessage } from '../../../shared/protocol/messages';
import type { TranscriptEntry } from '../../../shared/transcript';
import { findCall, type TranscriptHost } from '../../state/transcriptHost';

/** A call and how many calls to the same tool the run made before it (counted from the run's start). */
export interface CallPlace {
  call: ToolCallMessage;
  ordinal: number;
}

/** The place of call `callId` in a transcript the page holds from its first entry. */
export function callPlaceIn(entries: readonly TranscriptEntry[], callId: string): CallPlace | undefined {
  const at = entries.findIndex((entry) => toolCallOf(entry)?.callId === callId);
  const call = at < 0 ? undefined : toolCallOf(entries[at]!);
  if (!call) return undefined;
  let ordinal = 0;
  for (let i = 0; i < at; i++) {
    const earlier = toolCallOf(entries[i]!);
    if (earlier?.providerName === call.providerName && earlier.safeToolName === call.safeToolName)
      ordinal += 1;
  }
  return { call, ordinal };
}

function toolCallOf(entry: TranscriptEntry): ToolCallMessage | undefined {
  return entry.kind === 'message' && entry.message.type === 'tool_call' ? entry.message : undefined;
}

/**
 * The place of call `callId` in a transcript the page holds only the tail of (a long run, an opened
 * file): the host finds the call and counts the calls to its tool before it, up to `countUpTo(call)`
 * of them (past that, the count says no more than "at least that many"; a loop's lines are all
 * marked then anyway).
 */
export async function fetchCallPlace(
  host: Pick<TranscriptHost, 'entries' | 'search'>,
  callId: string,
  countUpTo: (call: ToolCallMessage) => number,
): Promise<CallPlace | undefined> {
  const index = await findCall(host, callId);
  if (index === null) return undefined;
  const [entry] = await host.entries(index, 1);
  const call = entry && toolCallOf(entry);
  if (!call) return undefined;
  const sameTool = `type:tool_call provider:${quoted(call.providerName)} tool:${quoted(call.safeToolName)}`;
  const limit = countUpTo(call);
  let from = -1;
  for (let ordinal = 0; ordinal < limit; ordinal++) {
    const next = await host.search(sameTool, { from, direction: 1 });
    // None after `from` wraps round to an earlier one.
    if (next.index === null || next.index <= from || next.index > index) break;
    if (next.index === index) return { call, ordinal };
    from = next.index;
  }
  return { call, ordinal: limit };
}

/** A value for the transcript search language: quoted, its own quotes left out (names and ids hold none). */
function quoted(value: string): string {
  return `"${value.replace(/"/g, '')}"`;
}
