import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { loadWorkspaceFile } from '../../src/main/services/workspace/loadWorkspaceFile';
import { RUNTIME_OPTION_RANGES } from '../../src/shared/runtimeOptions';
import { tempDir } from '../workspace/hostFixture';

describe('an out-of-range runtime option is a validation_error where it enters, naming it', () => {
  it('an executor answers validation_error instead of failing as an internal error', async () => {
    const result = await createInProcessExecutor().execute('return 1', [], { memoryLimitBytes: 1024 });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'validation_error',
        message: expect.stringContaining('memoryLimitBytes must be an integer'),
      },
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
