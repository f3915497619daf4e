import { fileURLToPath } from 'node:url';
import { bundleForNode } from './buildRunnerForTests';

/** `execbox` bundled for plain Node, so real MCP clients (tests, bench) can spawn `node CLI mcp …`. */
export const TEST_CLI = fileURLToPath(new URL('../test-out/execbox-cli.mjs', import.meta.url));

let built: Promise<void> | undefined;

export function buildCliForTests(): Promise<void> {
  built ??= bundleForNode({
    entryPoints: [fileURLToPath(new URL('./cliEntry.ts', import.meta.url))],
    outfile: TEST_CLI,
  });
  return built;
}
