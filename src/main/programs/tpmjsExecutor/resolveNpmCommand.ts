import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface NpmCommand {
  file: string;
  /** Arguments before npm's own (the CLI script when npm is run through Node). */
  prefix: string[];
}

/**
 * How to start npm without a shell. A `.js`/`.cjs` command runs under this Node. On Windows npm is a
 * `.cmd` file that only a shell can start, so its CLI script next to node.exe is run instead.
 */
export function resolveNpmCommand(configured: string | undefined, platform = process.platform): NpmCommand {
  const node = process.execPath;
  if (configured && /\.c?js$/i.test(configured)) return { file: node, prefix: [configured] };
  if (configured) return { file: configured, prefix: [] };
  if (platform !== 'win32') return { file: 'npm', prefix: [] };
  const script = join(dirname(node), 'node_modules', 'npm', 'bin', 'npm-cli.js');
  if (!existsSync(script)) {
    throw new Error(
      `npm's CLI script was not found at ${script}; pass the path of npm-cli.js as the npm command`,
    );
  }
  return { file: node, prefix: [script] };
}
