import {
  LOG_STREAM_MESSAGE_TYPE,
  type ConsoleLevel,
  type ConsoleLine,
  type DroppedLogs,
  type LogStreamMessage,
} from '../shared/protocol/logStreamMessage';
import { monotonicNow } from './monotonicNow';

/** Where the session reports console output when the host asked for the stream. */
export interface LogSink {
  /** A line as kept by the caps (possibly clipped). */
  line(level: ConsoleLevel, text: string): void;
  /** Characters the caps dropped; `wholeLine` when the line was not kept at all. */
  dropped(level: ConsoleLevel, chars: number, wholeLine: boolean): void;
}

export interface LogStream extends LogSink {
  /** Sends what is buffered (before a tool_call and before done, so the order holds). */
  flush(): void;
  /** Sends the batch if its first line is LOG_BATCH_MS old (a guest in a CPU loop starves the timer). */
  flushIfDue(): void;
  dispose(): void;
}

/** A batch goes out this long after its first line at the latest (sooner when it fills). */
export const LOG_BATCH_MS = 25;
const MAX_BATCH_LINES = 500;
const MAX_BATCH_CHARS = 256 * 1024;
const CLOCK_EVERY = 16;

/**
 * Batches one execution's console lines into log-stream messages: sent when a batch fills, when
 * its first line is LOG_BATCH_MS old (checked every 16th line too, and by flushIfDue, since a guest
 * busy in a loop holds the event loop), and on flush. Dropped totals ride on the next batch.
 */
export function createLogStream(id: string, send: (message: LogStreamMessage) => void): LogStream {
  let lines: ConsoleLine[] = [];
  let chars = 0;
  let firstAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dropped: DroppedLogs | undefined;
  let droppedChanged = false;

  const flush = (): void => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (lines.length === 0 && !droppedChanged) return;
    const message: LogStreamMessage = { type: LOG_STREAM_MESSAGE_TYPE, id, lines };
    if (dropped) message.dropped = { ...dropped, byLevel: { ...dropped.byLevel } };
    lines = [];
    chars = 0;
    droppedChanged = false;
    send(message);
  };

  const pending = (): void => {
    if (!timer) {
      firstAt = monotonicNow();
      timer = setTimeout(flush, LOG_BATCH_MS);
      return;
    }
    if (lines.length >= MAX_BATCH_LINES || chars >= MAX_BATCH_CHARS) flush();
    // The clock is read every CLOCK_EVERY lines: reading it costs more than keeping a line.
    else if (lines.length % CLOCK_EVERY === 0 && monotonicNow() - firstAt >= LOG_BATCH_MS) flush();
  };

  return {
    line(level, text) {
      lines.push({ level, text });
      chars += text.length;
      pending();
    },
    dropped(level, count, wholeLine) {
      dropped ??= { lines: 0, chars: 0, byLevel: {} };
      dropped.chars += count;
      if (wholeLine) {
        dropped.lines += 1;
        dropped.byLevel[level] = (dropped.byLevel[level] ?? 0) + 1;
      }
      droppedChanged = true;
      pending();
    },
    flush,
    flushIfDue() {
      if (timer && monotonicNow() - firstAt >= LOG_BATCH_MS) flush();
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
