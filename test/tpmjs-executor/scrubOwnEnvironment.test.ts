import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL(`../../test-out/scrub-probe-${process.pid}.mjs`, import.meta.url));

beforeAll(async () => {
  await build({
    stdin: {
      contents: `import { scrubOwnEnvironment } from './src/main/programs/tpmjsExecutor/scrubOwnEnvironment';
const scrubbed = scrubOwnEnvironment('EXECUTOR_API_KEY');
process.stdout.write(JSON.stringify({ scrubbed, inProcessEnv: 'EXECUTOR_API_KEY' in process.env }) + '\\n');
setInterval(() => {}, 1000);`,
      resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
      loader: 'ts',
    },
    outfile: probe,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  });
});
afterAll(() => rm(probe, { force: true }));

describe.runIf(process.platform === 'linux')(
  'the executor scrubs its API key from its own environment',
  () => {
    it('leaves nothing of EXECUTOR_API_KEY in /proc/<pid>/environ, and the other variables intact', async () => {
      const key = `key-${Math.random().toString(36).slice(2)}`;
      const child = spawn(process.execPath, [probe], {
        env: { PATH: process.env.PATH, EXECUTOR_API_KEY: key, KEEP_ME: 'still-here' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        const report = await new Promise<string>((resolve) =>
          child.stdout.once('data', (d) => resolve(String(d))),
        );
        expect(JSON.parse(report)).toEqual({ scrubbed: true, inProcessEnv: false });
        const environ = readFileSync(`/proc/${child.pid}/environ`, 'latin1');
        expect(environ).not.toContain(key);
        expect(environ).not.toContain('EXECUTOR_API_KEY');
        expect(environ).toContain('KEEP_ME=still-here');
      } finally {
        child.kill('SIGKILL');
      }
    });
  },
);
