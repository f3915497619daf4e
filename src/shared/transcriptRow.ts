import type { MessageDirection } from './protocol/messages';
import type { TranscriptEntry } from './transcript';

/** One row of the transcript table: an entry, described (view/describeEntries makes them). */
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
  /** For a tool_call and its tool_result: time from the call to the result. */
  durationMs?: number;
  /** Time a person held the call (breakpoint, manual answer), shown beside `durationMs`. */
  heldMs?: number;
  /** `ok` or the error code, for whatever ends with one (a tool_call takes its result's). */
  outcome?: string;
  /** A few words: ok/error code, executor, reason. */
  note: string;
  /** A running tool_call's latest progress report (an MCP progress notification); gone once it ends. */
  progress?: { progress: number; total?: number };
  entry: TranscriptEntry;
}
