import { fork } from 'node:child_process';
import { once } from 'node:events';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { WARM_UP_CODE, WARM_UP_RUNS } from '../src/main/engine/executors/warmUpCode';
import type { HostToRunnerMessage, RunnerToHostMessage } from '../src/shared/protocol/messages';
import { DEFAULT_RUNTIME_OPTIONS } from '../src/shared/runtimeOptions';
import {
  CODE_CACHE_OUT_ENV,
  NORMALIZER_CODE_CACHE_FILE,
  NORMALIZER_CODE_CACHE_OUT_ENV,
  RUNNER_CODE_CACHE_FILE,
  RUNNER_LOADER_FILE,
} from '../src/runner/runnerBundleFiles';

/**
 * Starts the built runner as the process executor does (a fork with no extra V8 flags, whose flags
 * are part of what a cache must match), runs the shells' warm-up program in it, answering its tool
 * calls with their input, and lets it write the code caches of its two bundles as it exits (the
 * warm-up's normalization loads the normalizer bundle).
 */
export async function writeRunnerCodeCache(outDir: string): Promise<void> {
  const cacheFile = join(outDir, RUNNER_CODE_CACHE_FILE);
  const normalizerCacheFile = join(outDir, NORMALIZER_CODE_CACHE_FILE);
  // An earlier build's cache must not pass for this one's.
  await Promise.all([cacheFile, normalizerCacheFile].map((file) => rm(file, { force: true })));
  const child = fork(join(outDir, RUNNER_LOADER_FILE), [], {
    execArgv: [],
    serialization: 'json',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      [CODE_CACHE_OUT_ENV]: cacheFile,
      [NORMALIZER_CODE_CACHE_OUT_ENV]: normalizerCacheFile,
    },
  });
  const exited = once(child, 'exit');
  const send = (message: HostToRunnerMessage): void => void child.send(message);
  try {
    for (let run = 0; run < WARM_UP_RUNS; run++) {
      const id = `code-cache-${run}`;
      send({
        type: 'execute',
        id,
        code: WARM_UP_CODE,
        options: { ...DEFAULT_RUNTIME_OPTIONS, timeoutMs: 60_000 },
        providers: [
          { name: 'warmup', tools: { echo: { safeName: 'echo', originalName: 'echo' } }, types: '' },
        ],
      });
      await new Promise<void>((resolve, reject) => {
        const onMessage = (message: RunnerToHostMessage): void => {
          if (message.type === 'tool_call') {
            send({ type: 'tool_result', callId: message.callId, ok: true, result: message.input });
          } else if (message.type === 'done' && message.id === id) {
            child.off('message', onMessage);
            if (message.ok) resolve();
            else reject(new Error(`the runner's warm-up failed: ${message.error.message}`));
          }
        };
        child.on('message', onMessage);
        child.once('exit', (code) =>
          reject(new Error(`the runner exited with code ${code} during its warm-up`)),
        );
      });
    }
    child.disconnect();
    await exited;
  } finally {
    child.kill();
  }
  for (const file of [cacheFile, normalizerCacheFile]) {
    if (!(await stat(file)).size) throw new Error(`the runner wrote an empty code cache to ${file}`);
  }
}
