import { describe, expect, it } from 'vitest';
import { createQuickJsModulePool } from '../../src/runner/createQuickJsModulePool';
import { runQuickJsSession } from '../../src/runner/runQuickJsSession';
import { DEFAULT_RUNTIME_OPTIONS } from '../../src/shared/runtimeOptions';

describe('runQuickJsSession when the engine refuses code the normalizer accepted', () => {
  it("answers runtime_error with the engine's own message and name, not a runner failure", async () => {
    const pool = createQuickJsModulePool();
    const lease = await pool.acquire(DEFAULT_RUNTIME_OPTIONS.memoryLimitBytes);
    const session = runQuickJsSession({
      execute: {
        type: 'execute',
        id: 'e',
        code: '1',
        options: { ...DEFAULT_RUNTIME_OPTIONS },
        providers: [],
      },
      bounded: lease.bounded,
      // Stands in for a construct only QuickJS rejects: compiling fails before any helper exists.
      takeContext: () => {
        const prepared = lease.takeContext();
        return { ...prepared, compile: () => prepared.context.evalCode('let = = 2', 'guest.js') };
      },
      sendToolCall: () => {},
    });
    const { done, teardown } = await session.finished;
    teardown();
    expect(done).toMatchObject({ ok: false, error: { code: 'runtime_error', name: 'SyntaxError' } });
    expect(!done.ok && done.error.message).toMatch(/\S/);
  });
});
