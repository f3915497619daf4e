import type { AgentEndpoint } from './api/runs';

export interface AgentConfig {
  client: 'Claude Desktop' | 'Claude Code' | 'Cursor' | 'VS Code';
  /** Where the JSON goes. */
  where: string;
  json: string;
}

/** The name the playground's server gets in each client's list. */
export const AGENT_SERVER_KEY = 'execbox-playground';

/**
 * Ready-to-paste configuration for the common MCP clients. Clients that speak Streamable HTTP get
 * the URL and the token header; Claude Desktop, which only starts commands, gets the stdio bridge.
 */
export function agentConfigs(endpoint: AgentEndpoint): AgentConfig[] {
  const headers = { Authorization: `Bearer ${endpoint.token}` };
  const http = { type: 'http', url: endpoint.url, headers };
  const stringify = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      client: 'Claude Desktop',
      where: 'claude_desktop_config.json (Settings → Developer → Edit Config)',
      json: stringify({ mcpServers: { [AGENT_SERVER_KEY]: endpoint.bridge } }),
    },
    {
      client: 'Claude Code',
      where:
        ".mcp.json in your project (or: claude mcp add-json execbox-playground '…' with the inner object)",
      json: stringify({ mcpServers: { [AGENT_SERVER_KEY]: http } }),
    },
    {
      client: 'Cursor',
      where: '~/.cursor/mcp.json, or .cursor/mcp.json in your project',
      json: stringify({ mcpServers: { [AGENT_SERVER_KEY]: { url: endpoint.url, headers } } }),
    },
    {
      client: 'VS Code',
      where: '.vscode/mcp.json in your workspace (VS Code calls the key "servers")',
      json: stringify({ servers: { [AGENT_SERVER_KEY]: http } }),
    },
  ];
}
