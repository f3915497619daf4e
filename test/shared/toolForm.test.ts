import { describe, expect, it } from 'vitest';
import { fieldKind, initialValue, isNullable, variantIndexFor } from '../../src/shared/view/schemaFormModel';
import { latestToolResult } from '../../src/shared/view/latestToolResult';
import { toolCallCode } from '../../src/shared/view/toolCallCode';

describe('the tool form reads JSON Schemas', () => {
  it('picks a widget per schema, null handled apart', () => {
    expect(fieldKind({ type: 'string' }).kind).toBe('string');
    expect(fieldKind({ type: ['string', 'null'] }).kind).toBe('string');
    expect(isNullable({ type: ['string', 'null'] })).toBe(true);
    expect(isNullable({ type: 'string', nullable: true })).toBe(true);
    expect(isNullable({ anyOf: [{ type: 'number' }, { type: 'null' }] })).toBe(true);
    expect(fieldKind({ anyOf: [{ type: 'number' }, { type: 'null' }] })).toEqual({
      kind: 'number',
      integer: false,
    });
    expect(fieldKind({ enum: ['C', 'F'] })).toEqual({ kind: 'enum', enumValues: ['C', 'F'] });
    expect(fieldKind({ type: 'integer' })).toEqual({ kind: 'number', integer: true });
    expect(fieldKind({ type: 'array', items: { type: 'string' } })).toEqual({
      kind: 'array',
      items: { type: 'string' },
    });
    expect(fieldKind({ oneOf: [{ type: 'string' }, { type: 'object' }] }).kind).toBe('choice');
    expect(fieldKind({ properties: { a: { type: 'string' } }, required: ['a', 3] })).toEqual({
      kind: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    });
  });

  it('falls back to JSON for what it cannot draw, and never throws on a hostile schema', () => {
    for (const schema of [
      true,
      false,
      null,
      42,
      'x',
      [],
      { type: ['string', 'number'] },
      { type: 'array', items: [{}] },
    ])
      expect(fieldKind(schema).kind).toBe('json');
    expect(fieldKind({ properties: null, type: 'object' })).toEqual({
      kind: 'object',
      properties: {},
      required: [],
    });
  });

  it('starts from defaults, nested ones too, and leaves other keys out', () => {
    expect(
      initialValue({
        type: 'object',
        properties: {
          units: { enum: ['C', 'F'], default: 'C' },
          city: { type: 'string' },
          nested: { type: 'object', properties: { n: { type: 'integer', default: 0 } } },
          nothing: { type: 'null', default: null },
        },
      }),
    ).toEqual({ units: 'C', nested: { n: 0 }, nothing: null });
  });

  it('chooses the union variant a value fits', () => {
    const variants = [{ type: 'string' }, { type: 'integer' }, { type: 'object' }];
    expect(variantIndexFor(variants, 3)).toBe(1);
    expect(variantIndexFor(variants, { a: 1 })).toBe(2);
    expect(variantIndexFor(variants, [])).toBe(0);
  });

  it('writes the call as the guest line, keeping null as null and strings unescaped once', () => {
    expect(toolCallCode('github', 'search_issues', { q: 'say "hi"', label: null })).toBe(
      'await github.search_issues({\n  "q": "say \\"hi\\"",\n  "label": null\n});',
    );
    expect(toolCallCode('demo', 'ping', undefined)).toBe('await demo.ping();');
  });

  it('finds the latest successful result of a tool across runs', () => {
    const call = (callId: string, safeToolName: string) => ({
      kind: 'message' as const,
      seq: 0,
      at: 0,
      direction: 'runner_to_host' as const,
      message: { type: 'tool_call' as const, callId, providerName: 'p', safeToolName },
    });
    const result = (callId: string, value: unknown) => ({
      kind: 'message' as const,
      seq: 0,
      at: 0,
      direction: 'host_to_runner' as const,
      message: { type: 'tool_result' as const, callId, ok: true as const, result: value },
    });
    const runs = [
      { entries: [call('1', 'a'), result('1', { old: true })] },
      { entries: [call('2', 'a'), result('2', { approved: true }), call('3', 'b'), result('3', 'b')] },
    ];
    expect(latestToolResult(runs, 'p', 'a')).toEqual({ found: true, result: { approved: true } });
    expect(latestToolResult(runs, 'p', 'c')).toEqual({ found: false });
  });
});
