import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleCli } from '../../scripts/bundleCli';
import { compileBundleWithCodeCache } from '../../src/runner/compileBundleWithCodeCache';
import {
  CLI_BUNDLE_FILE,
  CLI_CODE_CACHE_FILE,
  CLI_CODE_CACHE_OUT_ENV,
  CLI_LOADER_FILE,
} from '../../src/main/faces/cli/cliBundleFiles';

// Inside the repository, so the packages left out of the bundle still resolve.
const TEST_OUT = fileURLToPath(new URL('../../test-out', import.meta.url));
let dir: string;

async function runFromBundle(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const loader = join(dir, CLI_LOADER_FILE);
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require(${JSON.stringify(loader)}).main(${JSON.stringify(args)}).then((c) => { process.exitCode = c; })`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

beforeAll(async () => {
  dir = await mkdtemp(join(TEST_OUT, 'cli-bundle-'));
  await bundleCli(dir);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the CLI bundle `execbox run` starts from', () => {
  it('ships a code cache this Node accepts (written without any V8 flag set)', () => {
    const { script } = compileBundleWithCodeCache(dir, {
      bundleFile: CLI_BUNDLE_FILE,
      cacheFile: CLI_CODE_CACHE_FILE,
      cacheOutEnv: CLI_CODE_CACHE_OUT_ENV,
    });
    expect(script.cachedDataRejected).toBe(false);
  });

  it('runs JavaScript and TypeScript with the demo providers, in-process and in a worker', async () => {
    const js = join(dir, 'six.js');
    const ts = join(dir, 'typed.ts');
    await writeFile(js, 'const r = await demo.add({ a: 6, b: 1 }); console.log("sum", r); 6 * 7');
    await writeFile(ts, 'const n: number = 6;\nn * 7');
    for (const args of [
      ['run', js],
      ['run', ts],
      ['run', '--executor', 'worker', js],
    ]) {
      const { code, stdout, stderr } = await runFromBundle(args);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(stdout)).toMatchObject({ ok: true, result: 42 });
    }
  });

  it('reports a missing file and bad code as the ES module CLI does', async () => {
    const missing = await runFromBundle(['run', join(dir, 'missing.js')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*missing\.js/);
    const bad = join(dir, 'bad.js');
    await writeFile(bad, 'const = 1');
    const syntax = await runFromBundle(['run', bad]);
    expect(syntax.code).toBe(2);
    expect(syntax.stderr).toContain('bad.js');
  });
});
