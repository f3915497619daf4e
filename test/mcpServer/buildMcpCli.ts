import { fileURLToPath } from 'node:url';
import { bundleForNode } from '../../scripts/buildRunnerForTests';

/** `execbox` bundled for plain Node, so real MCP clients can spawn `node CLI mcp …` in tests. */
export const TEST_CLI = fileURLToPath(new URL('../../test-out/execbox-cli.mjs', import.meta.url));

let built: Promise<void> | undefined;

export function buildMcpCli(): Promise<void> {
  built ??= bundleForNode({
    entryPoints: [fileURLToPath(new URL('./cliEntry.ts', import.meta.url))],
    outfile: TEST_CLI,
  });
  return built;
}
