import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { RunsEvent } from '../../src/shared/api/runs';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { createRunsService } from '../../src/main/services/runs/createRunsService';
import { loadWorkspaceFile } from '../../src/main/services/workspace/loadWorkspaceFile';
import { DEFAULT_RUNTIME_OPTIONS, RUNTIME_OPTION_RANGES } from '../../src/shared/runtimeOptions';
import { tempDir } from '../workspace/hostFixture';

describe('an out-of-range runtime option is a validation_error where it enters, naming it', () => {
  it('a run whose settings hold a limit out of range fails as validation_error, not internal_error', async () => {
    const finished = new Promise<RunsEvent>((resolve) => {
      const service = createRunsService({
        resolvedProviders: async () => [],
        runtimeSettings: () => ({
          limits: { ...DEFAULT_RUNTIME_OPTIONS, memoryLimitBytes: 1024 },
          executor: { kind: 'process', mode: 'pooled' },
        }),
        executorFor: () => createInProcessExecutor(),
        emit: (event) => {
          if (event.type === 'finished') resolve(event);
        },
      });
      void service.api.start({ code: 'return 1' });
    });
    expect(await finished).toMatchObject({
      result: {
        ok: false,
        error: {
          code: 'validation_error',
          // Named as the person sees the field (issue 30's words), with its range and the value.
          message: 'Memory must be a whole number from 4 to 4,096 MiB (got 0)',
        },
      },
      facts: { refusedOption: 'memoryLimitBytes' },
    });
  });

  it('a workspace file is held to the runner’s own ranges, so a limit it accepts never fails a run', async () => {
    const file = path.join(await tempDir(), 'limits.execbox.json');
    const tooSmall = RUNTIME_OPTION_RANGES.memoryLimitBytes.min - 1;
    await writeFile(
      file,
      JSON.stringify({
        formatVersion: 1,
        name: 'x',
        providers: [],
        snippets: [],
        runtime: { limits: { memoryLimitBytes: tooSmall } },
      }),
    );
    await expect(loadWorkspaceFile(file)).rejects.toThrow(/\$\.runtime\.limits\.memoryLimitBytes/);
  });
});
