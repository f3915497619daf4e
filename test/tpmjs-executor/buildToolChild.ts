import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Bundles the tool child program (electron-vite does this for the app) so tests can run it under Node. */
export async function buildToolChild(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = fileURLToPath(new URL(`../../test-out/tpmjs-tool-child-${process.pid}.js`, import.meta.url));
  await build({
    entryPoints: [
      fileURLToPath(new URL('../../src/main/programs/tpmjsExecutor/toolChild.ts', import.meta.url)),
    ],
    outfile: path,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  return { path, remove: () => rm(path, { force: true }) };
}
