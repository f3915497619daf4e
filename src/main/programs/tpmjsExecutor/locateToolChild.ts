import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built tool child's file name: electron-vite emits it next to cli.js and index.js in out/main. */
export const TOOL_CHILD_FILE = 'tpmjsToolChild.js';

/** Finds the built tool child program from wherever the bundled host code runs (out/main or out/main/chunks). */
export function locateToolChild(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, TOOL_CHILD_FILE), join(here, '..', TOOL_CHILD_FILE)];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      `the TPMJS tool child program (${TOOL_CHILD_FILE}) is missing; run \`npm run build\` first`,
    );
  }
  return found;
}
