import { describe, expect, it } from 'vitest';
import { compareRunOutcome } from '../../src/main/services/debug/compareRunOutcome';

const done = { type: 'done' as const, id: 'e', durationMs: 1, logs: [] };

describe('compareRunOutcome', () => {
  it('agrees when a recording put the name, line and tool into the message and the replay carries them beside it', () => {
    expect(
      compareRunOutcome(
        {
          ...done,
          ok: false,
          error: { code: 'runtime_error', message: 'TypeError: x is undefined (line 3)' },
        },
        {
          ok: false,
          durationMs: 1,
          logs: [],
          error: { code: 'runtime_error', message: 'x is undefined', name: 'TypeError', line: 3 },
        },
      ),
    ).toBeUndefined();
    expect(
      compareRunOutcome(
        { ...done, ok: false, error: { code: 'tool_error', message: 'mcp.fail failed: boom' } },
        {
          ok: false,
          durationMs: 1,
          logs: [],
          error: { code: 'tool_error', message: 'boom', tool: 'mcp.fail' },
        },
      ),
    ).toBeUndefined();
  });

  it('tells a different line apart', () => {
    expect(
      compareRunOutcome(
        { ...done, ok: false, error: { code: 'runtime_error', message: 'x', name: 'TypeError', line: 3 } },
        {
          ok: false,
          durationMs: 1,
          logs: [],
          error: { code: 'runtime_error', message: 'x', name: 'TypeError', line: 4 },
        },
      ),
    ).toBe(
      'the error differs: recorded runtime_error: TypeError: x (line 3), replayed runtime_error: TypeError: x (line 4)',
    );
  });
});
