import { expectId, expectObject, expectOnlyKeys, type Fields, MalformedMessage } from './messageFields';

/**
 * A protocol extension only this project's runner and host speak: guest console output streamed
 * while the code runs, in batches. A runner sends it only when its host asked at spawn time
 * (`--log-stream`); a host that did not ask treats it as malformed. `done.logs` is unchanged and
 * stays the spec's truncated log; the stream carries the same kept lines plus their levels and
 * how much the caps dropped.
 */
export const LOG_STREAM_MESSAGE_TYPE = 'x-execbox-logs';
/** The spawn-time flag (argv) that asks our runner for the stream. */
export const LOG_STREAM_FLAG = '--log-stream';

export const CONSOLE_LEVELS = ['log', 'info', 'warn', 'error'] as const;
export type ConsoleLevel = (typeof CONSOLE_LEVELS)[number];

export interface ConsoleLine {
  level: ConsoleLevel;
  text: string;
}

/** What the log caps dropped so far in this execution (totals, not per batch). */
export interface DroppedLogs {
  /** Whole lines not kept. */
  lines: number;
  /** Characters not kept, including the clipped end of the last kept line. */
  chars: number;
  /** Dropped lines by level, for the levels that lost any. */
  byLevel: Partial<Record<ConsoleLevel, number>>;
}

export interface LogStreamMessage {
  type: typeof LOG_STREAM_MESSAGE_TYPE;
  /** The execution's id. */
  id: string;
  lines: ConsoleLine[];
  dropped?: DroppedLogs;
}

/** More than any cap allows in one batch (maxLogLines is at most this). */
export const MAX_LINES_PER_BATCH = 100_000;

function count(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new MalformedMessage(`${where} must be a whole number >= 0`);
  }
  return value;
}

function parseDropped(value: unknown): DroppedLogs {
  const fields = expectObject(value, `${LOG_STREAM_MESSAGE_TYPE}.dropped`);
  expectOnlyKeys(fields, `${LOG_STREAM_MESSAGE_TYPE}.dropped`, ['lines', 'chars', 'byLevel']);
  const byLevelFields = expectObject(fields.byLevel ?? {}, `${LOG_STREAM_MESSAGE_TYPE}.dropped.byLevel`);
  expectOnlyKeys(byLevelFields, `${LOG_STREAM_MESSAGE_TYPE}.dropped.byLevel`, CONSOLE_LEVELS);
  const byLevel: Partial<Record<ConsoleLevel, number>> = {};
  for (const level of CONSOLE_LEVELS) {
    if (byLevelFields[level] !== undefined) {
      byLevel[level] = count(byLevelFields[level], `${LOG_STREAM_MESSAGE_TYPE}.dropped.byLevel.${level}`);
    }
  }
  return {
    lines: count(fields.lines, `${LOG_STREAM_MESSAGE_TYPE}.dropped.lines`),
    chars: count(fields.chars, `${LOG_STREAM_MESSAGE_TYPE}.dropped.chars`),
    byLevel,
  };
}

function parseLine(value: unknown, index: number): ConsoleLine {
  const where = `${LOG_STREAM_MESSAGE_TYPE}.lines[${index}]`;
  const fields = expectObject(value, where);
  expectOnlyKeys(fields, where, ['level', 'text']);
  if (!(CONSOLE_LEVELS as readonly unknown[]).includes(fields.level)) {
    throw new MalformedMessage(`${where}.level must be one of ${CONSOLE_LEVELS.join(', ')}`);
  }
  if (typeof fields.text !== 'string') throw new MalformedMessage(`${where}.text must be a string`);
  return { level: fields.level as ConsoleLevel, text: fields.text };
}

/** True when a raw runner message (object or JSON text) claims to be a log batch. */
export function looksLikeLogStreamMessage(raw: unknown): boolean {
  if (typeof raw === 'string') return raw.includes(`"${LOG_STREAM_MESSAGE_TYPE}"`);
  return typeof raw === 'object' && raw !== null && (raw as Fields).type === LOG_STREAM_MESSAGE_TYPE;
}

/** Strictly checks a log batch; the reason says what and where. Size limits are the transport's. */
export function parseLogStreamMessage(
  raw: unknown,
): { ok: true; message: LogStreamMessage } | { ok: false; reason: string } {
  try {
    let value = raw;
    if (typeof raw === 'string') {
      try {
        value = JSON.parse(raw);
      } catch (error) {
        return { ok: false, reason: `message is not valid JSON: ${(error as Error).message}` };
      }
    }
    const fields = expectObject(value, 'message');
    if (fields.type !== LOG_STREAM_MESSAGE_TYPE) {
      return { ok: false, reason: `message.type must be ${JSON.stringify(LOG_STREAM_MESSAGE_TYPE)}` };
    }
    expectOnlyKeys(fields, LOG_STREAM_MESSAGE_TYPE, ['type', 'id', 'lines', 'dropped']);
    const id = expectId(fields, 'id', LOG_STREAM_MESSAGE_TYPE);
    if (!Array.isArray(fields.lines)) {
      throw new MalformedMessage(`${LOG_STREAM_MESSAGE_TYPE}.lines must be an array`);
    }
    if (fields.lines.length > MAX_LINES_PER_BATCH) {
      throw new MalformedMessage(
        `${LOG_STREAM_MESSAGE_TYPE}.lines has more than ${MAX_LINES_PER_BATCH} lines`,
      );
    }
    const message: LogStreamMessage = {
      type: LOG_STREAM_MESSAGE_TYPE,
      id,
      lines: fields.lines.map(parseLine),
    };
    if (fields.dropped !== undefined) message.dropped = parseDropped(fields.dropped);
    return { ok: true, message };
  } catch (error) {
    if (error instanceof MalformedMessage) return { ok: false, reason: error.reason };
    throw error;
  }
}
