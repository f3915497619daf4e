import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNNER_LOADER_FILE } from '../../../runner/runnerBundleFiles';

const PACKAGE_NAME = 'execbox-playground';

/**
 * `out/main/runner.cjs` of this package: found by walking up from this module (which lives in
 * out/main when built, or in src/main/engine/executors when run from source) to the package root.
 */
export function defaultRunnerEntryPath(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(directory, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME) {
          return join(directory, 'out', 'main', RUNNER_LOADER_FILE);
        }
      } catch {
        // Not our package.json; keep walking.
      }
    }
    const parent = dirname(directory);
    if (parent === directory) return join(dirname(fileURLToPath(import.meta.url)), RUNNER_LOADER_FILE);
    directory = parent;
  }
}
