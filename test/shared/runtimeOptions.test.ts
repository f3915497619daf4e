import { describe, expect, it } from 'vitest';
import {
  checkRuntimeOptions,
  DEFAULT_RUNTIME_OPTIONS,
  resolveRuntimeOptions,
  RuntimeOptionsError,
} from '../../src/shared/runtimeOptions';

describe('resolveRuntimeOptions', () => {
  it('fills the spec defaults', () => {
    const defaults = {
      timeoutMs: 5000,
      memoryLimitBytes: 64 * 1024 * 1024,
      maxLogLines: 100,
      maxLogChars: 64_000,
    };
    expect(resolveRuntimeOptions()).toEqual(defaults);
    expect(resolveRuntimeOptions({})).toEqual(defaults);
    expect(resolveRuntimeOptions({ timeoutMs: undefined })).toEqual(defaults);
    expect(DEFAULT_RUNTIME_OPTIONS).toEqual(defaults);
  });

  it('keeps valid caller values', () => {
    expect(resolveRuntimeOptions({ timeoutMs: 250, maxLogLines: 0 })).toEqual({
      ...DEFAULT_RUNTIME_OPTIONS,
      timeoutMs: 250,
      maxLogLines: 0,
    });
  });

  it('rejects bad values with an error naming the option and the value', () => {
    const cases: [unknown, string, RegExp][] = [
      [{ timeoutMs: -5 }, 'timeoutMs', /^timeoutMs must be an integer from 1 to 86400000 \(got -5\)$/],
      [{ timeoutMs: Number.NaN }, 'timeoutMs', /got NaN/],
      [{ timeoutMs: 1.5 }, 'timeoutMs', /got 1.5/],
      [{ timeoutMs: '100' }, 'timeoutMs', /got "100"/],
      [
        { memoryLimitBytes: 1024 },
        'memoryLimitBytes',
        /memoryLimitBytes must be an integer from 4194304 to 4294967296/,
      ],
      [{ memoryLimitBytes: 2 ** 40 }, 'memoryLimitBytes', /got 1099511627776/],
      [{ maxLogLines: Infinity }, 'maxLogLines', /got Infinity/],
      [{ maxLogChars: -1 }, 'maxLogChars', /got -1/],
      [{ timeout: 5 }, 'timeout', /unknown runtime option "timeout"/],
    ];
    for (const [input, option, message] of cases) {
      let caught: unknown;
      try {
        resolveRuntimeOptions(input);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(RuntimeOptionsError);
      expect((caught as RuntimeOptionsError).option).toBe(option);
      expect((caught as RuntimeOptionsError).message).toMatch(message);
    }
    expect(() => resolveRuntimeOptions([1])).toThrow(/must be an object \(got an array\)/);
    expect(() => resolveRuntimeOptions(5)).toThrow(RuntimeOptionsError);
  });

  it('ignores the listed non-option keys, such as ExecutionOptions.signal', () => {
    const input = { signal: new AbortController().signal, hooks: {}, timeoutMs: 10 };
    expect(resolveRuntimeOptions(input, { ignoreKeys: ['signal', 'hooks'] }).timeoutMs).toBe(10);
    expect(() => resolveRuntimeOptions(input)).toThrow(/unknown runtime option "signal"/);
  });
});

describe('checkRuntimeOptions', () => {
  it('reports instead of throwing, and can require every option', () => {
    expect(checkRuntimeOptions({ maxLogChars: 10 })).toEqual({
      ok: true,
      options: { ...DEFAULT_RUNTIME_OPTIONS, maxLogChars: 10 },
    });
    expect(checkRuntimeOptions({ timeoutMs: 0 })).toMatchObject({ ok: false, option: 'timeoutMs' });
    expect(checkRuntimeOptions({ timeoutMs: 5 }, { requireAll: true })).toEqual({
      ok: false,
      option: 'memoryLimitBytes',
      reason: 'memoryLimitBytes is required',
    });
    const getter = Object.defineProperty({}, 'timeoutMs', { enumerable: true, get: () => 5 });
    expect(checkRuntimeOptions(getter)).toMatchObject({
      ok: false,
      reason: 'timeoutMs must be a plain value, not an accessor',
    });
  });
});
