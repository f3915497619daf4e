import { describe, expect, it } from 'vitest';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import {
  describeExecuteTool,
  MAX_DESCRIPTION_TYPINGS_CHARS,
} from '../../src/main/services/codeMode/describeExecuteTool';
import { selectTypings } from '../../src/main/services/codeMode/selectTypings';
import { formatRunText } from '../../src/main/services/codeMode/formatRunText';

function provider(name: string, tools: number, descriptionChars = 10) {
  const defs: Record<string, { description: string; execute: () => number }> = {};
  for (let i = 0; i < tools; i++)
    defs[`tool${i}`] = { description: 'd'.repeat(descriptionChars), execute: () => i };
  return resolveProvider({ name, tools: defs });
}

describe('the execute tool description', () => {
  it('carries the typings when they fit', () => {
    const text = describeExecuteTool([provider('small', 2)]);
    expect(text).toContain('declare namespace small');
    expect(text).not.toContain('typings` tool');
  });

  it('stays bounded and points at the typings tool when they do not', () => {
    const big = Array.from({ length: 400 }, (_, i) => provider(`ns${i}`, 20, 200));
    const text = describeExecuteTool(big);
    expect(text.length).toBeLessThan(MAX_DESCRIPTION_TYPINGS_CHARS);
    expect(text).not.toContain('declare namespace');
    expect(text).toContain('Call the `typings` tool');
    expect(text).toContain('- ns0: tool0, tool1');
    expect(text).toMatch(/… and \d+ more providers/);
  });

  it('speaks to the agent, not to a person at the app (an untyped tool: learn its shape by running it)', () => {
    const text = describeExecuteTool([provider('small', 1)]);
    expect(text).toContain('Return or log one result first to learn its shape');
    expect(text).not.toContain('Use this shape as the output type');
  });

  it('says so when there are no providers', () => {
    expect(describeExecuteTool([])).toContain('no providers');
  });
});

describe('selectTypings', () => {
  const providers = [provider('a', 2), provider('b', 1)];
  it('gives everything for an empty request, and single tools on request', () => {
    const all = selectTypings(providers, {});
    expect(all.ok && all.typings).toContain('declare namespace b');
    const one = selectTypings(providers, { tools: ['a.tool1'] });
    expect(one.ok && one.typings).toContain('function tool1(');
    expect(one.ok && one.typings).not.toContain('function tool0(');
  });
  it('names what does not exist and lists what does', () => {
    const answer = selectTypings(providers, { providers: ['zzz'], tools: ['a', 'a.nope', '.x'] });
    expect(answer).toEqual({ ok: false, message: expect.stringContaining('"zzz", "a", "a.nope", ".x"') });
    expect(!answer.ok && answer.message).toContain('a (tool0, tool1); b (tool0)');
  });
  it('names inherited properties as unknown tools, not a crash', () => {
    for (const name of ['a.constructor', 'a.__proto__', 'a.toString', 'a.hasOwnProperty']) {
      const answer = selectTypings(providers, { tools: [name] });
      expect(answer).toEqual({
        ok: false,
        message: expect.stringContaining(`no provider or tool named "${name}"`),
      });
    }
    const asProviders = selectTypings(providers, { providers: ['__proto__', 'constructor'] });
    expect(asProviders).toEqual({ ok: false, message: expect.stringContaining('no provider or tool named') });
  });
});

describe('formatRunText', () => {
  it('renders results, undefined, errors and logs', () => {
    expect(formatRunText({ ok: true, result: { x: 1 }, logs: [], durationMs: 1 })).toBe('{\n  "x": 1\n}');
    expect(formatRunText({ ok: true, logs: ['a'], durationMs: 1 })).toBe(
      'The code returned nothing (undefined).\n\nLogs:\na',
    );
    expect(
      formatRunText({ ok: false, error: { code: 'timeout', message: 'too slow' }, logs: [], durationMs: 1 }),
    ).toBe('timeout: too slow');
  });

  it("composes a failure's text from the error's name, line and tool", () => {
    expect(
      formatRunText({
        ok: false,
        error: { code: 'runtime_error', message: 'x is undefined', name: 'TypeError', line: 3 },
        logs: [],
        durationMs: 1,
      }),
    ).toBe('runtime_error: TypeError: x is undefined (line 3)');
    expect(
      formatRunText({
        ok: false,
        error: { code: 'tool_error', message: 'boom', tool: 'mcp.fail' },
        logs: [],
        durationMs: 1,
      }),
    ).toBe('tool_error: mcp.fail failed: boom');
  });
});
