#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = fileURLToPath(new URL('../out/main/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('execbox: the app is not built yet; run `npm run build` first\n');
  process.exit(2);
}
const args = process.argv.slice(2);
// `run` with the built-in providers, the command a person waits on, starts from one code-cached
// bundle (see scripts/bundleCli.ts). A workspace run may import the person's ES modules, which a
// bundle compiled by vm.Script cannot, and the servers start once: they load cli.js's modules.
const bundled = fileURLToPath(new URL('../out/main/execbox-cli.cjs', import.meta.url));
const fromBundle =
  args[0] === 'run' && !args.some((arg) => arg.startsWith('--workspace')) && existsSync(bundled);
const { main } = fromBundle ? createRequire(import.meta.url)(bundled) : await import(pathToFileURL(cli).href);
process.exitCode = await main(args);
