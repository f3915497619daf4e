import type { McpProviderConfig } from '../../../shared/api/providers';
import type { JsonSchema, ToolDefinition } from '../../engine/core/types';
import type { ProviderSource, ProviderSourceDeps } from '../ProviderSource';
import { guestResourceTools } from './guestResourceTools';
import { McpConnection } from './McpConnection';

/**
 * An MCP server as a provider: tools/list becomes the tools, tools/call answers each call; a server
 * with resources also gets `$readResource` and `$listResources` (a server tool of the same name wins).
 */
export function createMcpSource(config: McpProviderConfig, deps: ProviderSourceDeps): ProviderSource {
  const connection = new McpConnection(
    config,
    deps.secrets,
    deps.baseDir,
    deps.listener,
    deps.signal,
    deps.serverRequests,
    deps.oauth,
  );
  return {
    async load() {
      const tools: Record<string, ToolDefinition> = {};
      for (const tool of await connection.listTools()) {
        tools[tool.name] = {
          description: tool.description ?? tool.title,
          inputSchema: tool.inputSchema as JsonSchema,
          outputSchema: tool.outputSchema as JsonSchema | undefined,
          ...(tool.annotations ? { annotations: tool.annotations } : {}),
          execute: (input, context) =>
            connection.callTool(tool.name, input, context.signal, context.onProgress, context),
        };
      }
      if ((await connection.client()).getServerCapabilities()?.resources) {
        for (const [name, tool] of Object.entries(guestResourceTools(connection, config.name)))
          tools[name] ??= tool;
      }
      return { name: config.name, tools };
    },
    mcp: connection,
    dispose: () => connection.dispose(),
  };
}
