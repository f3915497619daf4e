import type { Readable, Writable } from 'node:stream';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createStdioServerTransport } from './createStdioServerTransport';
import { describeRelayFailure, RelayTimeoutError } from './describeRelayFailure';
import { withProgressBarrier } from './withProgressBarrier';

/** The app takes each request within this long (a run's result may come much later), or the agent hears why not. */
export const RELAY_ANSWER_WITHIN_MS = 10_000;

/**
 * `execbox mcp --connect URL`: relays an agent's stdio to the MCP endpoint of a running app, message
 * for message (the app sees the agent's own initialize, so its runs carry the agent's name). A
 * request the app does not take within the bound is answered with a JSON-RPC error that says what
 * is wrong (token refused, app not running, app not answering). Resolves when either side goes away.
 */
export async function bridgeStdioToHttp(options: {
  url: URL;
  token: string;
  warn(message: string): void;
  stdin?: Readable;
  stdout?: Writable;
  answerWithinMs?: number;
}): Promise<void> {
  const url = options.url.href;
  const answerWithinMs = options.answerWithinMs ?? RELAY_ANSWER_WITHIN_MS;
  const remote = new StreamableHTTPClientTransport(options.url, {
    requestInit: { headers: { authorization: `Bearer ${options.token}` } },
  });
  const local = withProgressBarrier(
    createStdioServerTransport({
      ...(options.stdin ? { stdin: options.stdin } : {}),
      ...(options.stdout ? { stdout: options.stdout } : {}),
    }),
  );
  let closing = false;
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const closeBoth = () => {
    if (closing) return;
    closing = true;
    void Promise.allSettled([remote.terminateSession().catch(() => undefined), local.close()])
      .then(() => remote.close())
      .finally(done);
  };

  const relay = async (message: JSONRPCMessage) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new RelayTimeoutError(answerWithinMs)), answerWithinMs);
    });
    try {
      await Promise.race([remote.send(message), timeout]);
    } catch (error) {
      const failure = describeRelayFailure(error, url);
      options.warn(failure.message);
      // A request that cannot reach the app gets an answer, so the agent does not wait forever.
      if (isJSONRPCRequest(message))
        await local.send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32000, message: failure.message, data: { reason: failure.reason } },
        });
    } finally {
      clearTimeout(timer);
    }
  };
  local.onmessage = (message) => void relay(message);
  remote.onmessage = (message) => {
    local.send(message).catch(() => closeBoth());
  };
  remote.onerror = (error) => options.warn(`connection to the app: ${error.message}`);
  local.onclose = closeBoth;
  remote.onclose = closeBoth;
  await remote.start();
  await local.start();
  await finished;
}
