import path from 'node:path';
import type { McpTransportConfig } from '../../../shared/api/providers';

export interface StdioLaunch {
  command: string;
  args: string[];
  /** The resolved working folder. */
  cwd: string;
  /** As written: values may hold `${secret:NAME}` references. */
  env: Record<string, string> | undefined;
}

/** How a stdio MCP server is started, its working folder resolved against the workspace's folder. */
export function stdioLaunch(
  transport: Extract<McpTransportConfig, { type: 'stdio' }>,
  baseDir: string,
): StdioLaunch {
  return {
    command: transport.command,
    args: transport.args ?? [],
    cwd: path.resolve(baseDir, transport.cwd ?? '.'),
    env: transport.env,
  };
}
