import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { guardedStdin } from './guardedStdin';

/**
 * `execbox mcp --connect URL`: relays an agent's stdio to the MCP endpoint of a running app, message
 * for message (the app sees the agent's own initialize, so its runs carry the agent's name).
 * Resolves when either side goes away.
 */
export async function bridgeStdioToHttp(options: {
  url: URL;
  token: string;
  warn(message: string): void;
}): Promise<void> {
  const remote = new StreamableHTTPClientTransport(options.url, {
    requestInit: { headers: { authorization: `Bearer ${options.token}` } },
  });
  const local = new StdioServerTransport(guardedStdin());
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
  local.onmessage = (message) => {
    remote.send(message).catch((error: unknown) => {
      options.warn(
        `the app did not take a message: ${error instanceof Error ? error.message : String(error)}`,
      );
      // A request that cannot reach the app gets an answer, so the agent does not wait forever.
      if ('id' in message && 'method' in message)
        void local.send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32000, message: `the playground app could not be reached at ${options.url.href}` },
        });
    });
  };
  remote.onmessage = (message) => {
    local.send(message).catch(() => closeBoth());
  };
  remote.onerror = (error) => options.warn(`connection to the app: ${error.message}`);
  local.onclose = closeBoth;
  remote.onclose = closeBoth;
  process.stdin.once('end', closeBoth);
  await remote.start();
  await local.start();
  await finished;
}
