import { parseHostMessage, parseRunnerMessage } from './protocol/parseMessage';
import type { HostEvent, TranscriptEntry } from './transcript';

export type EntryCheck = { ok: true; entry: TranscriptEntry } | { ok: false; reason: string };

type FieldKind = 'string' | 'number' | 'boolean' | 'array';

/** Required fields of each host event type; optional fields are checked loosely (kept as recorded). */
const HOST_EVENT_FIELDS: Record<HostEvent['type'], Record<string, FieldKind>> = {
  run_started: { runId: 'string', executor: 'string' },
  host_deadline: { timeoutMs: 'number', runnerTimeoutMs: 'number' },
  tool_dispatch_started: { callId: 'string', providerName: 'string', toolName: 'string' },
  tool_dispatch_finished: { callId: 'string', ok: 'boolean', durationMs: 'number' },
  breakpoint_hit: { callId: 'string', providerName: 'string', toolName: 'string' },
  breakpoint_resumed: { callId: 'string', action: 'string', pausedMs: 'number' },
  input_edited: { callId: 'string' },
  result_edited: { callId: 'string' },
  hand_answered: { callId: 'string', ok: 'boolean' },
  replay_answered: { callId: 'string' },
  tool_progress: { callId: 'string', progress: 'number' },
  mcp_request: { callId: 'string', providerName: 'string', connection: 'number' },
  replay_diverged: { callId: 'string', reason: 'string' },
  manual_answer_requested: { callId: 'string', requestId: 'string' },
  server_request: { callId: 'string', requestId: 'string', kind: 'string', providerName: 'string' },
  server_request_answered: {
    callId: 'string',
    requestId: 'string',
    kind: 'string',
    by: 'string',
    action: 'string',
  },
  cancel_requested: { reason: 'string' },
  hard_kill: { reason: 'string' },
  transport_closed: { reason: 'string' },
  transport_error: { message: 'string' },
  malformed_message: { direction: 'string', reason: 'string' },
  runner_process_started: { command: 'string', args: 'array' },
  runner_process_exited: {},
  run_finished: { ok: 'boolean', durationMs: 'number' },
  guest_console: { lines: 'array' },
};

/** Checks one decoded transcript line; the reason names the failing field. Never throws. */
export function checkTranscriptEntry(value: unknown): EntryCheck {
  if (!isRecord(value)) return { ok: false, reason: 'entry must be a JSON object' };
  if (typeof value.seq !== 'number' || !Number.isInteger(value.seq) || value.seq < 0)
    return { ok: false, reason: 'entry.seq must be a non-negative integer' };
  if (typeof value.at !== 'number' || !Number.isFinite(value.at) || value.at < 0)
    return { ok: false, reason: 'entry.at must be a non-negative number of milliseconds' };
  if (value.kind === 'message') return checkMessageEntry(value, value.seq, value.at);
  if (value.kind === 'event') return checkEventEntry(value, value.seq, value.at);
  return { ok: false, reason: 'entry.kind must be "message" or "event"' };
}

function checkMessageEntry(value: Record<string, unknown>, seq: number, at: number): EntryCheck {
  const direction = value.direction;
  if (direction !== 'host_to_runner' && direction !== 'runner_to_host')
    return { ok: false, reason: 'entry.direction must be "host_to_runner" or "runner_to_host"' };
  const parsed =
    direction === 'host_to_runner' ? parseHostMessage(value.message) : parseRunnerMessage(value.message);
  if (!parsed.ok) return { ok: false, reason: `entry.message: ${parsed.reason}` };
  return { ok: true, entry: { kind: 'message', seq, at, direction, message: parsed.message } };
}

function checkEventEntry(value: Record<string, unknown>, seq: number, at: number): EntryCheck {
  const event = value.event;
  if (!isRecord(event)) return { ok: false, reason: 'entry.event must be an object' };
  const type = event.type;
  if (typeof type !== 'string' || !Object.hasOwn(HOST_EVENT_FIELDS, type))
    return { ok: false, reason: `entry.event.type ${JSON.stringify(type)} is not a known host event` };
  const fields = HOST_EVENT_FIELDS[type as HostEvent['type']];
  for (const [field, kind] of Object.entries(fields)) {
    if (kind === 'array' ? !Array.isArray(event[field]) : typeof event[field] !== kind)
      return { ok: false, reason: `entry.event.${field} must be a ${kind} for a ${type} event` };
  }
  return { ok: true, entry: { kind: 'event', seq, at, event: event as unknown as HostEvent } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
