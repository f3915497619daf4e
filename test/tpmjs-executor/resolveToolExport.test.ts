import { describe, expect, it } from 'vitest';
import { resolveToolExport } from '../../src/main/programs/tpmjsExecutor/resolveToolExport';
import { TpmjsError } from '../../src/main/programs/tpmjsExecutor/tpmjsErrors';

const tool = (label: string) => ({ execute: () => label });

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof TpmjsError ? error.code : 'not a TpmjsError';
  }
}

describe('resolveToolExport', () => {
  it('prefers the direct named export', async () => {
    const pkg = { search: tool('named'), default: { search: tool('default-prop') } };
    expect((await resolveToolExport(pkg, 'search')).execute({})).toBe('named');
  });

  it('falls back to a property of the default export', async () => {
    const pkg = { default: { search: tool('default-prop') } };
    expect((await resolveToolExport(pkg, 'search')).execute({})).toBe('default-prop');
  });

  it('uses the default export itself when asked for "default" or by its name', async () => {
    expect((await resolveToolExport({ default: tool('d') }, 'default')).execute({})).toBe('d');
    expect(
      (await resolveToolExport({ default: { name: 'search', ...tool('n') } }, 'search')).execute({}),
    ).toBe('n');
    expect(await codeOf(resolveToolExport({ default: tool('d') }, 'other'))).toBe('TOOL_NOT_FOUND');
  });

  it('calls a factory without execute() once, with no arguments, and awaits it', async () => {
    const calls: unknown[][] = [];
    const pkg = {
      make: (...args: unknown[]) => {
        calls.push(args);
        return Promise.resolve(tool('made'));
      },
    };
    expect((await resolveToolExport(pkg, 'make')).execute({})).toBe('made');
    expect(calls).toEqual([[]]);
  });

  it('takes a function that has execute() as the tool, without calling it', async () => {
    const fn = Object.assign(() => {
      throw new Error('must not be called');
    }, tool('fn'));
    expect((await resolveToolExport({ fn }, 'fn')).execute({})).toBe('fn');
  });

  it('ignores inherited properties', async () => {
    expect(await codeOf(resolveToolExport({}, 'toString'))).toBe('TOOL_NOT_FOUND');
    expect(await codeOf(resolveToolExport({}, '__proto__'))).toBe('TOOL_NOT_FOUND');
  });

  it('classifies exports that are not tools as TOOL_INVALID', async () => {
    expect(await codeOf(resolveToolExport({ x: { description: 'no execute' } }, 'x'))).toBe('TOOL_INVALID');
    expect(await codeOf(resolveToolExport({ x: () => 1 }, 'x'))).toBe('TOOL_INVALID');
    expect(await codeOf(resolveToolExport({ x: 'text' }, 'x'))).toBe('TOOL_INVALID');
    const throwing = () => {
      throw new Error('needs config');
    };
    expect(await codeOf(resolveToolExport({ x: throwing }, 'x'))).toBe('TOOL_INVALID');
  });
});
