import type { MessageDirection } from '../protocol/messages';
import type { TranscriptEntry } from '../transcript';

export interface TranscriptRow {
  seq: number;
  at: number;
  direction?: MessageDirection;
  /** The protocol message type, or the host event type. */
  type: string;
  isEvent: boolean;
  callId?: string;
  provider?: string;
  tool?: string;
  /**
   * For a tool_call and its tool_result: the provider's own time when the host recorded it, else
   * the time from the call to the result.
   */
  durationMs?: number;
  /** Time a person held the call (breakpoint, manual answer), shown beside `durationMs`. */
  heldMs?: number;
  /** A few words: ok/error code, executor, reason. */
  note: string;
  entry: TranscriptEntry;
}

/** The "host event" pseudo-type used by the type filter. */
export const HOST_EVENT_TYPE = 'host event';

function noteFor(entry: TranscriptEntry): string {
  if (entry.kind === 'event') {
    const event = entry.event;
    switch (event.type) {
      case 'run_started':
        return event.executor;
      case 'run_finished':
        return event.ok ? 'ok' : (event.errorCode ?? 'failed');
      case 'tool_dispatch_finished':
        return event.ok ? 'ok' : (event.errorCode ?? 'failed');
      case 'cancel_requested':
      case 'hard_kill':
      case 'transport_closed':
        return event.reason;
      case 'transport_error':
        return event.message;
      case 'malformed_message':
        return event.reason;
      case 'replay_diverged':
        return event.reason;
      default:
        return '';
    }
  }
  const message = entry.message;
  switch (message.type) {
    case 'tool_result':
      return message.ok ? 'ok' : message.error.code;
    case 'done':
      return message.ok ? 'ok' : message.error.code;
    default:
      return '';
  }
}

/** Flattens a transcript into table rows, pairing each tool_call with its tool_result. */
export function describeEntries(entries: readonly TranscriptEntry[]): TranscriptRow[] {
  const calls = new Map<string, { row: TranscriptRow; provider: string; tool: string }>();
  const dispatched = new Map<string, { durationMs: number; heldMs?: number }>();
  const rows: TranscriptRow[] = [];
  for (const entry of entries) {
    const row: TranscriptRow = {
      seq: entry.seq,
      at: entry.at,
      type: entry.kind === 'message' ? entry.message.type : entry.event.type,
      isEvent: entry.kind === 'event',
      note: noteFor(entry),
      entry,
    };
    if (entry.kind === 'message') {
      row.direction = entry.direction;
      const message = entry.message;
      if (message.type === 'tool_call') {
        row.callId = message.callId;
        row.provider = message.providerName;
        row.tool = message.safeToolName;
        calls.set(message.callId, { row, provider: message.providerName, tool: message.safeToolName });
      } else if (message.type === 'tool_result') {
        row.callId = message.callId;
        const call = calls.get(message.callId);
        if (call) {
          row.provider = call.provider;
          row.tool = call.tool;
          const own = dispatched.get(message.callId);
          row.durationMs = own?.durationMs ?? Math.round((entry.at - call.row.at) * 100) / 100;
          if (own?.heldMs) row.heldMs = call.row.heldMs = own.heldMs;
          call.row.durationMs = row.durationMs;
        }
      }
    } else {
      const event = entry.event;
      if ('callId' in event) {
        row.callId = event.callId;
        const call = calls.get(event.callId);
        if (call) {
          row.provider = call.provider;
          row.tool = call.tool;
        }
      }
      if ('providerName' in event) row.provider = event.providerName;
      if ('toolName' in event) row.tool = event.toolName;
      if (event.type === 'tool_dispatch_finished') {
        row.durationMs = event.durationMs;
        if (event.heldMs) row.heldMs = event.heldMs;
        dispatched.set(event.callId, { durationMs: event.durationMs, heldMs: event.heldMs });
      }
    }
    rows.push(row);
  }
  return rows;
}

export interface TranscriptFilter {
  /** Types to hide (message types and HOST_EVENT_TYPE). */
  hiddenTypes: ReadonlySet<string>;
  /** Only rows for this provider (rows without a provider are hidden too); null shows all. */
  provider: string | null;
}

export function filterRows(rows: readonly TranscriptRow[], filter: TranscriptFilter): TranscriptRow[] {
  return rows.filter(
    (row) =>
      !filter.hiddenTypes.has(row.isEvent ? HOST_EVENT_TYPE : row.type) &&
      (filter.provider === null || row.provider === filter.provider),
  );
}
