import { readSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { encodeMessage } from '../shared/protocol/encodeMessage';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../shared/protocol/limits';
import type { ProtocolMessage } from '../shared/protocol/messages';
import type { Transport } from '../shared/transport';
import { createTransportEvents } from '../shared/transportEvents';
import { createLineSplitter } from './createLineSplitter';

export interface JsonLinesTransportOptions {
  input: Readable;
  /** Where messages are written; without one the transport only receives (a control channel). */
  output?: Writable;
  /** Hard stop for the peer (kill the child); default: end the output stream. */
  terminate?: () => void;
  /** Longest accepted line; longer lines are dropped unread and reported as errors (default 32 MiB). */
  maxLineBytes?: number;
  /**
   * The input's file descriptor when it is a non-blocking pipe: `drainSync` then reads what has
   * arrived while this thread is busy (a guest CPU loop), so a cancel can be seen at once.
   */
  inputFd?: number;
}

const DRAIN_CHUNK_BYTES = 64 * 1024;

/**
 * The protocol as JSON lines: one message per line on `output`, raw lines (strings) delivered from
 * `input` for the receiver to parse. The end of `input` closes the transport.
 */
export function createJsonLinesTransport<Outgoing extends ProtocolMessage>(
  options: JsonLinesTransportOptions,
): Transport<Outgoing> {
  const events = createTransportEvents<unknown>();
  const { output } = options;
  // Lines split but not yet delivered: a listener busy with one line (a guest CPU loop) can still
  // take the lines after it, from the same chunk, with drainSync.
  const queue: string[] = [];
  let emitting = false;
  const splitter = createLineSplitter(options.maxLineBytes ?? DEFAULT_MAX_MESSAGE_BYTES, {
    line: (text) => queue.push(text),
    tooLong: (max) => events.emitError(new Error(`a line longer than ${max} bytes was dropped`)),
  });
  let scratch: Buffer | undefined;

  const onData = (chunk: Buffer | string): void => {
    splitter.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    if (emitting) return;
    emitting = true;
    try {
      while (queue.length > 0) events.emitMessage(queue.shift());
    } finally {
      emitting = false;
    }
  };
  options.input.on('data', onData);
  options.input.on('end', () => events.emitClose('the input stream ended'));
  options.input.on('close', () => events.emitClose('the input stream closed'));
  options.input.on('error', (error: Error) => events.emitError(error));
  output?.on('error', (error: Error) => events.emitError(error));

  return {
    send(message) {
      // The input ending (the peer half-closed) does not stop answers that are still due.
      if (!output || output.writableEnded || output.destroyed) {
        throw new Error('the JSON lines output is closed');
      }
      output.write(`${encodeMessage(message)}\n`);
    },
    onMessage: events.onMessage,
    onClose: events.onClose,
    onError: events.onError,
    drainSync() {
      const fd = options.inputFd;
      if (fd !== undefined) {
        scratch ??= Buffer.allocUnsafe(DRAIN_CHUNK_BYTES);
        try {
          for (;;) {
            const count = readSync(fd, scratch, 0, scratch.length, null);
            // End of input: the stream sees it too, on its own next read.
            if (count === 0) break;
            splitter.push(scratch.subarray(0, count));
          }
        } catch {
          // EAGAIN: nothing more has arrived. Any other failure is the stream's to report.
        }
      }
      return queue.splice(0);
    },
    terminate() {
      if (options.terminate) options.terminate();
      else output?.end();
      events.emitClose('terminated');
    },
    dispose() {
      options.input.off('data', onData);
      events.emitClose('disposed');
    },
  };
}
