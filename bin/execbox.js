#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = fileURLToPath(new URL('../out/main/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('execbox: the app is not built yet; run `npm run build` first\n');
  process.exit(2);
}
const { main } = await import(pathToFileURL(cli).href);
process.exitCode = await main(process.argv.slice(2));
