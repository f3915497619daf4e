import type { AgentEndpoint } from '../../../shared/api/runs';
import type { PlaygroundHost } from '../../app/createPlaygroundHost';
import { createExecboxMcpServer } from './createExecboxMcpServer';
import { findExecboxBin } from './findExecboxBin';
import { readAgentToken } from './readAgentToken';
import { rememberedAgentPort } from './rememberedAgentPort';
import { startMcpHttpServer, type McpHttpServer } from './startMcpHttpServer';

/** Where the app's agent endpoint listens unless that port is taken (then any free one). */
export const DEFAULT_AGENT_PORT = 5178;

/**
 * While the app (or `execbox serve`) runs, agents reach its workspace here: Streamable HTTP on
 * loopback with the app's agent token. Their runs go through the app's host, so they show in the
 * run list, stream their transcript, stop at breakpoints and can be cancelled. The port is the
 * one asked for (`--agent-port`, then kept), else the one kept, else 5178; when that is taken it
 * serves on a free one and the endpoint says which port pasted configurations expect.
 */
export async function startAgentEndpoint(options: {
  host: PlaygroundHost;
  configDir: string;
  /** Asked for explicitly: taken means failure; a non-zero port is kept for the next starts. */
  port?: number;
  /** The command that runs Node for the stdio bridge (Electron passes itself with ELECTRON_RUN_AS_NODE). */
  nodeCommand?: { command: string; env?: Record<string, string> };
}): Promise<McpHttpServer> {
  const token = await readAgentToken(options.configDir);
  const start = (port: number) =>
    startMcpHttpServer({ createServer: () => createExecboxMcpServer({ host: options.host }), port, token });
  const kept = await rememberedAgentPort.read(options.configDir);
  const wanted = options.port ?? kept ?? DEFAULT_AGENT_PORT;
  const server = await start(wanted).catch((error: NodeJS.ErrnoException) => {
    if (options.port === undefined && error.code === 'EADDRINUSE') return start(0);
    throw error;
  });
  if (wanted !== 0 && server.port === wanted && kept !== wanted)
    await rememberedAgentPort.keep(options.configDir, wanted);
  const bin = findExecboxBin();
  const node = options.nodeCommand ?? { command: process.execPath };
  const endpoint: AgentEndpoint = {
    url: server.url,
    token,
    ...(wanted !== 0 && server.port !== wanted ? { expectedPort: wanted } : {}),
    bridge: {
      command: bin ? node.command : 'execbox',
      args: [...(bin ? [bin] : []), 'mcp', '--connect', server.url],
      env: { ...node.env, EXECBOX_TOKEN: token },
    },
  };
  options.host.setAgentEndpoint(endpoint);
  return {
    ...server,
    async close() {
      options.host.setAgentEndpoint(null);
      await server.close();
    },
  };
}
