import type { Readable, Writable } from 'node:stream';
import { createLineFramer } from '../../../runner/createLineFramer';

/** What to send instead of a held line: its bytes (the same or edited), or null to drop it. */
export type HeldLine = Promise<Buffer | null>;

export interface LineRelayOptions {
  input: Readable;
  output: Writable;
  /** Whether the output is ended when the input ends (not for the tap's own stdout). */
  endOutput: boolean;
  /** Longer lines are never held whole: they stream through untouched and are only reported. */
  maxLineBytes: number;
  /**
   * Sees each whole line (without its `\n`) before it is forwarded. Returning a promise holds the
   * line, and every line after it in this direction, until it settles.
   */
  onLine(bytes: Buffer): HeldLine | undefined;
  /** A line over `maxLineBytes` ended (or the input did): its size, newline not counted. */
  onTooLong(bytes: number): void;
  /** The input ended inside a line: these bytes had no newline after them. */
  onUnterminated(bytes: Buffer): void;
}

export interface LineRelay {
  /** Settles once the input has ended and everything due was written (the output is then ended). */
  readonly finished: Promise<void>;
}

type QueueItem = Buffer | { held: HeldLine; answer?: Buffer | null; settled: boolean };

const NEWLINE = Buffer.from('\n');

/** Calls `done` once what was written has left (or the output is gone and never will take it). */
function whenWritten(output: Writable, done: () => void): void {
  if (!output.writableNeedDrain || output.destroyed) return done();
  output.once('drain', done);
  output.once('close', done);
}

/**
 * Copies one direction of a JSON-lines session byte for byte and in order, line by line so a line
 * can be looked at (and held) before it goes on. Honours the output's back-pressure, and reads no
 * further while a held line waits.
 */
export function createLineRelay(options: LineRelayOptions): LineRelay {
  const { input, output } = options;
  const queue: QueueItem[] = [];
  let overlongBytes = 0;
  let inputEnded = false;
  let resolveFinished!: () => void;
  const finished = new Promise<void>((resolve) => (resolveFinished = resolve));

  const write = (bytes: Buffer): void => {
    if (output.destroyed || output.writableEnded) return;
    if (!output.write(bytes) && !input.isPaused()) {
      input.pause();
      output.once('drain', resumeUnlessHeld);
    }
  };
  const resumeUnlessHeld = (): void => {
    if (!inputEnded && !queue.some((item) => !Buffer.isBuffer(item) && !item.settled)) input.resume();
  };
  const flush = (): void => {
    while (queue.length > 0) {
      const head = queue[0]!;
      if (!Buffer.isBuffer(head) && !head.settled) return;
      queue.shift();
      if (Buffer.isBuffer(head)) write(head);
      else if (head.answer) write(Buffer.concat([head.answer, NEWLINE]));
    }
    if (inputEnded) {
      if (options.endOutput && !output.destroyed && !output.writableEnded) output.end();
      whenWritten(output, resolveFinished);
    } else if (output.writableNeedDrain !== true) input.resume();
  };
  const send = (bytes: Buffer): void => {
    if (queue.length === 0) write(bytes);
    else queue.push(bytes);
  };

  const framer = createLineFramer(options.maxLineBytes, {
    line(bytes) {
      const held = options.onLine(bytes);
      if (!held) return send(Buffer.concat([bytes, NEWLINE]));
      const item: QueueItem = { held, settled: false };
      queue.push(item);
      input.pause();
      const settle = (answer: Buffer | null): void => {
        item.answer = answer;
        item.settled = true;
        flush();
      };
      // A hold that fails forwards the line unchanged: the tap never loses a line.
      held.then(settle, () => settle(Buffer.from(bytes)));
    },
    tooLong(held) {
      overlongBytes = 0;
      for (const part of held) {
        overlongBytes += part.length;
        send(part);
      }
    },
    tooLongPart(bytes) {
      overlongBytes += bytes.length;
      send(bytes);
    },
    tooLongEnd() {
      send(NEWLINE);
      options.onTooLong(overlongBytes);
      overlongBytes = 0;
    },
  });

  input.on('data', (chunk: Buffer | string) =>
    framer.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk),
  );
  const end = (): void => {
    if (inputEnded) return;
    inputEnded = true;
    if (overlongBytes > 0) options.onTooLong(overlongBytes);
    const rest = framer.rest();
    if (rest) {
      options.onUnterminated(rest);
      send(rest);
    }
    flush();
  };
  input.on('end', end);
  input.on('close', end);
  input.on('error', end);
  output.on('error', () => {});
  return { finished };
}
