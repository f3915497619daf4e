import type { Readable, Writable } from 'node:stream';
import { createLineFramer } from '../../../runner/createLineFramer';
import { createOrderedQueue } from './createOrderedQueue';

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
    if (!inputEnded && !queue.holding()) input.resume();
  };
  const queue = createOrderedQueue<Buffer>(write, () => {
    if (inputEnded) {
      if (options.endOutput && !output.destroyed && !output.writableEnded) output.end();
      whenWritten(output, resolveFinished);
    } else if (output.writableNeedDrain !== true) input.resume();
  });
  const send = (bytes: Buffer): void => queue.send(bytes);

  const framer = createLineFramer(options.maxLineBytes, {
    line(bytes) {
      const line = Buffer.concat([bytes, NEWLINE]);
      const held = options.onLine(bytes);
      if (!held) return send(line);
      input.pause();
      queue.hold(
        held.then((answer) => (answer ? Buffer.concat([answer, NEWLINE]) : null)),
        line,
      );
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
    // Settles `finished` once whatever is still held has been sent.
    queue.hold(Promise.resolve(null), Buffer.alloc(0));
  };
  input.on('end', end);
  input.on('close', end);
  input.on('error', end);
  output.on('error', () => {});
  return { finished };
}
