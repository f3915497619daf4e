import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  JSONRPCMessageSchema,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { tooDeeplyNested } from '../../../shared/tooDeeplyNested';
import { findRequestId } from './findRequestId';

/** The longest line (one JSON-RPC message) read from stdin; a longer one is refused, not read. */
export const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024;
/** How much of a refused line is kept to find its id in. */
const KEPT_CHARS = 1024;

/**
 * The server's side of MCP over stdio: one JSON-RPC message per line. Unlike the SDK's transport, a
 * line that is too long, not JSON or not JSON-RPC is answered with a JSON-RPC error (the request's
 * id when it can be found, else null) and the transport goes on serving; it closes only when stdin
 * ends, so the process always exits with its client. Writes nothing but JSON-RPC to stdout.
 */
export function createStdioServerTransport(
  options: { stdin?: Readable; stdout?: Writable; maxMessageBytes?: number } = {},
): Transport {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const maxBytes = options.maxMessageBytes ?? MAX_STDIO_MESSAGE_BYTES;
  let parts: Buffer[] = [];
  let size = 0;
  let refused: { head: string; tail: string } | undefined;
  let closed = false;

  const write = (message: JSONRPCMessage) =>
    new Promise<void>((resolve) => {
      if (closed || !stdout.writable) return resolve();
      if (stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else stdout.once('drain', resolve);
    });
  const answerError = (id: RequestId | undefined, code: number, message: string) =>
    void write({ jsonrpc: '2.0', id: id ?? null, error: { code, message } } as unknown as JSONRPCMessage);

  let lineNumber = 0;
  const readLine = (line: string) => {
    lineNumber += 1;
    if (line.trim() === '') return;
    const tooDeep = tooDeeplyNested(line, 'message', { firstLine: lineNumber });
    if (tooDeep) {
      return answerError(
        findRequestId(line.slice(0, KEPT_CHARS), line.slice(-KEPT_CHARS)),
        ErrorCode.ParseError,
        `Parse error: ${tooDeep.message}`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      return answerError(
        findRequestId(line.slice(0, KEPT_CHARS), line.slice(-KEPT_CHARS)),
        ErrorCode.ParseError,
        `Parse error: the line is not JSON (${(error as Error).message})`,
      );
    }
    const checked = JSONRPCMessageSchema.safeParse(parsed);
    if (!checked.success) {
      const id = (parsed as { id?: unknown } | null)?.id;
      return answerError(
        typeof id === 'string' || typeof id === 'number' ? id : undefined,
        ErrorCode.InvalidRequest,
        'Invalid Request: the line is JSON but not a JSON-RPC 2.0 request, notification or response',
      );
    }
    transport.onmessage?.(checked.data);
  };

  const endLine = (last: Buffer) => {
    keep(last);
    if (refused) {
      answerError(
        findRequestId(refused.head, refused.tail),
        ErrorCode.InvalidRequest,
        `Invalid Request: the message is longer than ${maxBytes} bytes (the most one line may carry), so it was not read`,
      );
    } else readLine(Buffer.concat(parts).toString('utf8'));
    parts = [];
    size = 0;
    refused = undefined;
  };

  const keep = (piece: Buffer) => {
    if (refused) {
      refused.tail = (refused.tail + piece.toString('utf8')).slice(-KEPT_CHARS);
      return;
    }
    size += piece.length;
    parts.push(piece);
    if (size <= maxBytes) return;
    const all = Buffer.concat(parts).toString('utf8');
    refused = { head: all.slice(0, KEPT_CHARS), tail: all.slice(-KEPT_CHARS) };
    parts = [];
  };

  const onData = (chunk: Buffer | string) => {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let newline = rest.indexOf(10); newline !== -1; newline = rest.indexOf(10)) {
      endLine(rest.subarray(0, newline));
      rest = rest.subarray(newline + 1);
    }
    if (rest.length > 0) keep(rest);
  };
  const onEnd = () => void transport.close();
  const onError = (error: Error) => transport.onerror?.(error);

  const transport: Transport = {
    async start() {
      stdin.on('data', onData);
      stdin.once('end', onEnd);
      stdin.once('close', onEnd);
      stdin.on('error', onError);
    },
    send: (message) => write(message),
    async close() {
      if (closed) return;
      closed = true;
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.off('close', onEnd);
      stdin.off('error', onError);
      transport.onclose?.();
    },
  };
  return transport;
}
