import type { Readable, Writable } from 'node:stream';
import { encodeMessage } from '../shared/protocol/encodeMessage';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../shared/protocol/limits';
import type { ProtocolMessage } from '../shared/protocol/messages';
import type { Transport } from '../shared/transport';
import { createTransportEvents } from '../shared/transportEvents';

export interface JsonLinesTransportOptions {
  input: Readable;
  output: Writable;
  /** Hard stop for the peer (kill the child); default: end the output stream. */
  terminate?: () => void;
  /** Longest accepted line; longer lines are dropped and reported as errors (default 32 MiB). */
  maxLineBytes?: number;
}

/**
 * The protocol as JSON lines: one message per line on `output`, raw lines (strings) delivered from
 * `input` for the receiver to parse. The end of `input` closes the transport.
 */
export function createJsonLinesTransport<Outgoing extends ProtocolMessage>(
  options: JsonLinesTransportOptions,
): Transport<Outgoing> {
  const events = createTransportEvents<unknown>();
  const maxLine = options.maxLineBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  let buffered = '';
  let discarding = false;

  const onData = (chunk: Buffer | string): void => {
    let text = buffered + (typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    let newline = text.indexOf('\n');
    while (newline !== -1) {
      const line = text.slice(0, newline);
      text = text.slice(newline + 1);
      if (discarding) discarding = false;
      else if (line.trim() !== '') events.emitMessage(line.endsWith('\r') ? line.slice(0, -1) : line);
      newline = text.indexOf('\n');
    }
    if (text.length > maxLine) {
      if (!discarding) events.emitError(new Error(`a line longer than ${maxLine} bytes was dropped`));
      discarding = true;
      text = '';
    }
    buffered = text;
  };
  options.input.setEncoding?.('utf8');
  options.input.on('data', onData);
  options.input.on('end', () => events.emitClose('the input stream ended'));
  options.input.on('close', () => events.emitClose('the input stream closed'));
  options.input.on('error', (error: Error) => events.emitError(error));
  options.output.on('error', (error: Error) => events.emitError(error));

  return {
    send(message) {
      // The input ending (the peer half-closed) does not stop answers that are still due.
      if (options.output.writableEnded || options.output.destroyed) {
        throw new Error('the JSON lines output is closed');
      }
      options.output.write(`${encodeMessage(message)}\n`);
    },
    onMessage: events.onMessage,
    onClose: events.onClose,
    onError: events.onError,
    terminate() {
      if (options.terminate) options.terminate();
      else options.output.end();
      events.emitClose('terminated');
    },
    dispose() {
      options.input.off('data', onData);
      events.emitClose('disposed');
    },
  };
}
