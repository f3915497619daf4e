import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCliForTests } from './buildCliForTests';
import { bundleForNode } from './buildRunnerForTests';

/**
 * Runs the benchmark as the app ships its code: bundled by esbuild, not transformed on the fly by
 * tsx, whose keep-names wrappers (`__name(fn, "fn")` at every closure) cost more per execution than
 * some of the rows measure.
 */
const outfile = fileURLToPath(new URL('../test-out/bench.mjs', import.meta.url));
// `execbox mcp` for the MCP rows, built here: its sources are not beside the bench's bundle.
await buildCliForTests();
await bundleForNode({
  entryPoints: [join(fileURLToPath(new URL('.', import.meta.url)), 'bench.ts')],
  outfile,
});
const child = spawn(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit' });
child.once('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
