import { fork } from 'node:child_process';
import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { WARM_UP_CODE, WARM_UP_RUNS } from '../src/main/executors/warmUpCode';
import type { HostToRunnerMessage, RunnerToHostMessage } from '../src/shared/protocol/messages';
import { DEFAULT_RUNTIME_OPTIONS } from '../src/shared/runtimeOptions';
import {
  CODE_CACHE_OUT_ENV,
  RUNNER_CODE_CACHE_FILE,
  RUNNER_LOADER_FILE,
} from '../src/runner/runnerBundleFiles';

/**
 * Starts the built runner as the process executor does (a fork with no extra V8 flags, whose flags
 * are part of what a cache must match), runs the shells' warm-up program in it, answering its tool
 * calls with their input, and lets it write the code cache of its bundle as it exits.
 */
export async function writeRunnerCodeCache(outDir: string): Promise<void> {
  const cacheFile = join(outDir, RUNNER_CODE_CACHE_FILE);
  const child = fork(join(outDir, RUNNER_LOADER_FILE), [], {
    execArgv: [],
    serialization: 'json',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, [CODE_CACHE_OUT_ENV]: cacheFile },
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
  if (!(await stat(cacheFile)).size) throw new Error(`the runner wrote an empty code cache to ${cacheFile}`);
}
