import { describeExecuteError } from './format/describeExecuteError';
import type { TranscriptEntry } from './transcript';

const MAX_SUMMARY_CHARS = 160;

/** One line describing an entry, e.g. `tool_call demo.echo #call-1`, for tables and reports. */
export function summarizeTranscriptEntry(entry: TranscriptEntry): string {
  if (entry.kind === 'event') {
    const event = entry.event;
    const detail = 'callId' in event ? ` #${event.callId}` : '';
    const reason = 'reason' in event && typeof event.reason === 'string' ? `: ${event.reason}` : '';
    return shorten(`${event.type}${detail}${reason}`);
  }
  const message = entry.message;
  switch (message.type) {
    case 'tool_call':
      return shorten(
        `tool_call ${message.providerName}.${message.safeToolName} #${message.callId} ${json(message.input)}`,
      );
    case 'tool_result':
      return shorten(
        message.ok
          ? `tool_result #${message.callId} ok ${json(message.result)}`
          : `tool_result #${message.callId} ${message.error.code}: ${message.error.message}`,
      );
    case 'done':
      return shorten(
        message.ok
          ? `done ok ${json(message.result)}`
          : `done ${message.error.code}: ${describeExecuteError(message.error)}`,
      );
    default:
      return `${message.type} ${message.id}`;
  }
}

function json(value: unknown): string {
  return value === undefined ? '' : (JSON.stringify(value) ?? '');
}

function shorten(text: string): string {
  return text.length > MAX_SUMMARY_CHARS ? `${text.slice(0, MAX_SUMMARY_CHARS)}…` : text;
}
