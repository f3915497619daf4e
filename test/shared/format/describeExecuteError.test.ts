import { describe, expect, it } from 'vitest';
import { describeExecuteError, describeRunOutcome } from '../../../src/shared/format';

describe('describeExecuteError', () => {
  it('puts the name before the message and the place after it', () => {
    expect(
      describeExecuteError({ code: 'runtime_error', message: 'x is undefined', name: 'TypeError', line: 3 }),
    ).toBe('TypeError: x is undefined (line 3)');
    expect(
      describeExecuteError({
        code: 'runtime_error',
        message: 'Unexpected token',
        name: 'SyntaxError',
        line: 2,
        column: 7,
      }),
    ).toBe('SyntaxError: Unexpected token (line 2, column 7)');
  });

  it('shows the name alone for an empty message, and the message alone without a name', () => {
    expect(describeExecuteError({ code: 'runtime_error', message: '', name: 'RangeError' })).toBe(
      'RangeError',
    );
    expect(describeExecuteError({ code: 'runtime_error', message: 'plain words' })).toBe('plain words');
  });

  it('names the tool before a tool_error only', () => {
    expect(describeExecuteError({ code: 'tool_error', message: 'boom', tool: 'mcp.fail' })).toBe(
      'mcp.fail failed: boom',
    );
    expect(
      describeExecuteError({ code: 'validation_error', message: 'quota exceeded', tool: 'tools.q' }),
    ).toBe('quota exceeded');
  });

  it("is what a failed run's outcome sentence says", () => {
    const result = {
      ok: false as const,
      error: { code: 'tool_error' as const, message: 'boom', tool: 'mcp.fail' },
      logs: [],
      durationMs: 1000,
    };
    expect(describeRunOutcome(result).sentence).toBe(
      'Failed after 1 s with tool_error: mcp.fail failed: boom',
    );
  });
});
