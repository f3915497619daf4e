import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLI_BUNDLE_FILE,
  CLI_CODE_CACHE_FILE,
  CLI_CODE_CACHE_OUT_ENV,
  CLI_LOADER_FILE,
} from '../src/main/faces/cli/cliBundleFiles';
import { CODE_CACHED_BUNDLE_OPTIONS, quickJsWasmBeside } from './bundleRunner';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Bundled in: what `execbox run` loads on every start. Every other package stays a require(). */
const BUNDLED_PACKAGES = ['acorn', 'quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync'];
/** A run that takes the usual paths (the demo providers, a log, a result) for the code cache. */
const WARM_UP_PROGRAM = 'console.log("warm");\nconst answer = 6 * 7;\nanswer';

async function externalPackages(): Promise<string[]> {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  return [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]
    .filter((name) => !BUNDLED_PACKAGES.includes(name))
    .flatMap((name) => [name, `${name}/*`]);
}

/** Runs `execbox run` once through the bundle, which writes its code cache as it exits. */
async function writeCliCodeCache(outDir: string): Promise<void> {
  const cacheFile = join(outDir, CLI_CODE_CACHE_FILE);
  const dir = await mkdtemp(join(tmpdir(), 'execbox-cli-cache-'));
  try {
    const program = join(dir, 'warm-up.js');
    await writeFile(program, WARM_UP_PROGRAM);
    const child = spawn(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(join(outDir, CLI_LOADER_FILE))}).main(['run', ${JSON.stringify(program)}]).then((code) => { process.exitCode = code; })`,
      ],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, [CLI_CODE_CACHE_OUT_ENV]: cacheFile },
      },
    );
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`execbox run exited with ${code} while writing the CLI's code cache`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (!(await stat(cacheFile)).size) throw new Error(`the CLI wrote an empty code cache to ${cacheFile}`);
}

/**
 * The CLI as one CommonJS file (execbox-cli-bundle.cjs) with its start file (execbox-cli.cjs) and
 * the V8 code cache of a warm-up `execbox run`: bin/execbox.js starts `run` from it (see there).
 */
export async function bundleCli(outDir: string): Promise<void> {
  await Promise.all([
    build({
      ...CODE_CACHED_BUNDLE_OPTIONS,
      entryPoints: [join(root, 'src/main/faces/cli/index.ts')],
      outfile: join(outDir, CLI_BUNDLE_FILE),
      external: await externalPackages(),
      // Each import() becomes a require(), so a run that may import the person's ES modules
      // (--workspace) starts from cli.js instead (see bin/execbox.js).
      // Paths are found from the bundle's own place, which is cli.js's folder.
      define: {
        'import.meta.url': '__execboxCliUrl',
        ...(await quickJsWasmBeside(join(outDir, CLI_BUNDLE_FILE))),
      },
      banner: { js: 'var __execboxCliUrl = require("node:url").pathToFileURL(__filename).href;' },
    }),
    build({
      ...CODE_CACHED_BUNDLE_OPTIONS,
      entryPoints: [join(root, 'src/main/faces/cli/cliLoader.ts')],
      outfile: join(outDir, CLI_LOADER_FILE),
    }),
  ]);
  await writeCliCodeCache(outDir);
}
