import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from '../../scripts/buildRunnerForTests';

export const BROKEN_RUNNERS = [
  'doneTwice',
  'forgetsStarted',
  'forgesErrorCodes',
  'speaksGarbage',
  'naiveRunner',
  'crashesAtStart',
] as const;
export type BrokenRunner = (typeof BROKEN_RUNNERS)[number];

/** Bundles the broken runner fixtures so each starts as fast as the real runner under plain Node. */
export async function buildBrokenRunners(): Promise<{
  command(name: BrokenRunner): string;
  remove(): Promise<void>;
}> {
  const outdir = fileURLToPath(new URL(`../../test-out/broken-runners-${process.pid}/`, import.meta.url));
  const source = fileURLToPath(new URL('../fixtures/broken-runners/', import.meta.url));
  await bundleForNode({ entryPoints: BROKEN_RUNNERS.map((name) => join(source, `${name}.ts`)), outdir });
  return {
    command: (name) => `"${process.execPath}" "${join(outdir, `${name}.js`)}"`,
    remove: () => rm(outdir, { recursive: true, force: true }),
  };
}
