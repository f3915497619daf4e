import { describe, expect, it } from 'vitest';
import {
  describeRunOutcome,
  formatBytes,
  formatCount,
  formatDuration,
  formatOffsetMs,
  plural,
} from '../../../src/shared/format';

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [0.4321, '0.43 ms'],
    [4.6, '4.6 ms'],
    [9.99, '10 ms'],
    [457.47605100000004, '457 ms'],
    [999.4, '999 ms'],
    [999.6, '1 s'],
    [1240, '1.24 s'],
    [5000, '5 s'],
    [27_061.8, '27.1 s'],
    [59_990, '1 min'],
    [125_000, '2 min 5 s'],
    [3_600_000, '1 h'],
    [3_960_000, '1 h 6 min'],
  ])('%s ms reads as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('never prints a float tail, a negative or NaN', () => {
    expect(formatDuration(-3)).toBe('0 ms');
    expect(formatDuration(Number.NaN)).toBe('–');
    expect(formatDuration(Infinity)).toBe('–');
  });

  it('offsets keep one decimal for aligned columns', () => {
    expect(formatOffsetMs(507.94)).toBe('507.9');
    expect(formatOffsetMs(3)).toBe('3.0');
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1536, '1.5 KiB'],
    [67_108_864, '64 MiB'],
    [1024 * 1024 * 1.25, '1.25 MiB'],
    [1024 * 1023.9, '1 MiB'],
    [1024 ** 3 * 3, '3 GiB'],
    [1024 ** 5 * 2, '2048 TiB'],
  ])('%s bytes reads as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('plural and formatCount', () => {
  it('chooses singular only for exactly one', () => {
    expect(plural(1, 'tool')).toBe('1 tool');
    expect(plural(0, 'tool')).toBe('0 tools');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
    expect(plural(12_345, 'message')).toBe('12,345 messages');
  });
  it('groups thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('describeRunOutcome', () => {
  const timeout = {
    ok: false as const,
    logs: [],
    durationMs: 853,
    error: { code: 'timeout' as const, message: 'Execution timed out after 853 ms' },
  };

  it('a user cancel is Cancelled, never a timeout, although the wire code is timeout', () => {
    const text = describeRunOutcome(timeout, {
      cancelReason: 'user',
      wallMs: 1020,
      guestMs: 853,
      heldMs: 0,
      timeoutMs: 5000,
    });
    expect(text.kind).toBe('cancelled');
    expect(text.sentence).toBe('Cancelled after 1.02 s');
    expect(text.sentence).not.toMatch(/tim/i);
  });

  it('the host stopping is a stop that says so', () => {
    const text = describeRunOutcome(timeout, {
      cancelReason: 'host_stopping',
      wallMs: 300,
      guestMs: 200,
      heldMs: 0,
    });
    expect(text.kind).toBe('stopped');
    expect(text.sentence).toBe('Stopped after 300 ms: the host was stopping');
  });

  it("an agent's cancel names the agent, not the person", () => {
    const text = describeRunOutcome(
      timeout,
      { cancelReason: 'agent', wallMs: 2020, guestMs: 2000, heldMs: 0 },
      { kind: 'agent', clientName: 'Claude Code' },
    );
    expect(text.kind).toBe('cancelled');
    expect(text.sentence).toBe('Cancelled by Claude Code after 2.02 s');
  });

  it("a tool's own timeout is the tool's, with its provider's limit, not the run's", () => {
    const text = describeRunOutcome(
      {
        ...timeout,
        durationMs: 31_200,
        error: { code: 'timeout', message: "MCP server of provider 'dc' did not answer x within 30000 ms" },
      },
      {
        wallMs: 31_200,
        guestMs: 31_200,
        heldMs: 0,
        timeoutMs: 60_000,
        failedCall: { callId: 'c1', providerName: 'dc', toolName: 'start_process', toolLimitMs: 30_000 },
      },
    );
    expect(text.kind).toBe('tool_timed_out');
    expect(text.headline).toBe('Tool dc.start_process did not answer in time (its limit is 30 s)');
    expect(text.sentence).not.toMatch(/1 min/);
    expect(text.explanation).toMatch(/catch/);
  });

  it('tells a guest error, a tool error, the sandbox failing and a refused setting apart', () => {
    const failed = (code: 'runtime_error' | 'tool_error' | 'internal_error' | 'validation_error') => ({
      ok: false as const,
      logs: [],
      durationMs: 3,
      error: { code, message: 'boom' },
    });
    expect(describeRunOutcome(failed('runtime_error')).kind).toBe('guest_error');
    const tool = describeRunOutcome(failed('tool_error'), {
      failedCall: { callId: 'c', providerName: 'shop', toolName: 'refund' },
    });
    expect([tool.kind, tool.headline]).toEqual(['tool_failed', 'Failed after 3 ms: shop.refund failed']);
    expect(describeRunOutcome(failed('internal_error')).kind).toBe('sandbox_failed');
    const refused = describeRunOutcome(
      { ...failed('validation_error'), error: { code: 'validation_error', message: 'Log chars must be…' } },
      { refusedOption: 'maxLogChars' },
    );
    expect([refused.kind, refused.sentence]).toEqual(['refused', 'Not run: Log chars must be…']);
  });

  it('a syntax error is told as code that could not be read, not as an error the program threw', () => {
    const syntax = describeRunOutcome({
      ok: false,
      durationMs: 2,
      error: { code: 'runtime_error', message: 'Unexpected token', name: 'SyntaxError', line: 2, column: 7 },
    });
    expect(syntax.headline).toBe('Not run: the code has a syntax error');
    expect(syntax.explanation).toBe('The code could not be read, so none of it ran: fix line 2, column 7.');
    expect(syntax.explanation).not.toMatch(/threw|catch/);
    // A SyntaxError the program throws itself (JSON.parse) carries no column: it did throw.
    const thrown = describeRunOutcome({
      ok: false,
      durationMs: 2,
      error: { code: 'runtime_error', message: 'bad JSON', name: 'SyntaxError', line: 4 },
    });
    expect(thrown.explanation).toBe('The program threw an error and did not catch it.');
  });

  it('a real timeout names the time spent and the limit', () => {
    const text = describeRunOutcome(
      { ...timeout, durationMs: 5003 },
      { cancelReason: 'timeout', wallMs: 32_000, guestMs: 5003, heldMs: 27_000, timeoutMs: 5000 },
    );
    expect(text.sentence).toBe('Timed out after 5 s (limit 5 s)');
    expect(text.timing).toBe('guest 5 s · held 27 s');
  });

  it('a timeout the runner enforced itself is still a timeout', () => {
    expect(describeRunOutcome(timeout).sentence).toBe('Timed out after 853 ms');
  });

  it('memory errors speak MiB', () => {
    const text = describeRunOutcome(
      { ok: false, durationMs: 10, error: { code: 'memory_limit', message: 'x' } },
      { memoryLimitBytes: 67_108_864 },
    );
    expect(text.sentence).toBe('Ran out of memory (limit 64 MiB)');
  });

  it('success names the wall time and puts guest and held time beside it', () => {
    const text = describeRunOutcome(
      { ok: true, durationMs: 218.4 },
      { wallMs: 507.9, guestMs: 218.4, heldMs: 0 },
    );
    expect(text.sentence).toBe('Succeeded in 508 ms');
    expect(text.timing).toBe('guest 218 ms');
  });

  it('other failures keep their code and message', () => {
    const text = describeRunOutcome({
      ok: false,
      durationMs: 3,
      error: { code: 'tool_error', message: 'boom' },
    });
    expect(text.sentence).toBe('Failed after 3 ms: a tool failed with tool_error: boom');
    expect(text.error).toEqual({ code: 'tool_error', message: 'boom' });
  });
});
