import { createRequire } from 'node:module';
import type { McpTransportConfig } from '../../src/shared/api/providers';

/** The real MCP server-everything, the peer the MCP tests talk to. */
export const SERVER_EVERYTHING = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

/** How a workspace starts server-everything over stdio. */
export function serverEverythingStdio(): Extract<McpTransportConfig, { type: 'stdio' }> {
  return { type: 'stdio', command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] };
}
