import { useEffect, useMemo, useState } from 'react';
import type { ToolCallLine } from '../../../shared/findToolCallLines';
import type { ToolCallMessage } from '../../../shared/protocol/messages';
import { useTranscriptHost } from '../../state/transcriptHost';
import type { ViewedTranscript } from '../../state/viewedTranscript';
import { callPlaceIn, fetchCallPlace, type CallPlace } from './findCallPlace';

/**
 * Where call `callId` of the viewed transcript is: from the entries when the page holds it from its
 * start, else from the host (a long run's call, held in its tail or not). Undefined until known.
 * `lines` are the editor's tool-call lines: the host counts a tool's calls only as far as they matter.
 */
export function useCallPlace(
  viewed: ViewedTranscript | null,
  callId: string | null,
  lines: readonly ToolCallLine[],
): CallPlace | undefined {
  const host = useTranscriptHost(viewed);
  const entries = viewed && viewed.firstIndex === 0 ? viewed.entries : undefined;
  const held = useMemo(
    () => (entries && callId ? callPlaceIn(entries, callId) : undefined),
    [entries, callId],
  );
  const tailOnly = host !== undefined && viewed !== null && viewed.firstIndex > 0;
  const key = tailOnly && callId ? `${host.key}\n${callId}` : null;
  // What the host is asked depends only on how many lines call each tool, not on the text around them.
  const countsKey = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const line of lines) {
      const tool = `${line.providerName}.${line.toolName}`;
      counts[tool] = (counts[tool] ?? 0) + 1;
    }
    return JSON.stringify(counts);
  }, [lines]);
  const [fetched, setFetched] = useState<{ key: string; place: CallPlace | undefined } | null>(null);
  useEffect(() => {
    if (key === null || host === undefined || !callId) return;
    let stale = false;
    const counts = JSON.parse(countsKey) as Record<string, number>;
    const countUpTo = (call: ToolCallMessage) => counts[`${call.providerName}.${call.safeToolName}`] ?? 0;
    fetchCallPlace(host, callId, countUpTo).then(
      (place) => {
        if (!stale) setFetched({ key, place });
      },
      () => {
        // A run or file the host no longer has: no line to mark.
      },
    );
    return () => {
      stale = true;
    };
  }, [host, key, callId, countsKey]);
  if (key === null) return held;
  return fetched?.key === key ? fetched.place : undefined;
}
