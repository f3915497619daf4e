import { describe, expect, it } from 'vitest';
import { generateProviderTypes, type TypedTool } from '../../src/main/engine/core/generateProviderTypes';
import type { JsonSchema } from '../../src/main/engine/core/types';
import { compileDeclarations } from './compileDeclarations';

function tool(
  safeName: string,
  inputSchema?: JsonSchema,
  outputSchema?: JsonSchema,
  extra: Partial<TypedTool> = {},
): TypedTool {
  return { safeName, originalName: safeName, inputSchema, outputSchema, ...extra };
}

/** Asserts the declarations are clean, every `ok` usage compiles and every `bad` usage fails. */
function check(declarations: string, ok: Record<string, string>, bad: Record<string, string>): void {
  const { declarationErrors, usageErrors } = compileDeclarations(declarations, { ...ok, ...bad });
  expect(declarationErrors, declarations).toEqual([]);
  for (const name of Object.keys(ok)) expect(usageErrors[name], `${name} should compile`).toEqual([]);
  for (const name of Object.keys(bad))
    expect(usageErrors[name]!.length, `${name} should not compile`).toBeGreaterThan(0);
}

describe('generateProviderTypes', () => {
  it('types object properties: required, optional, quoted names and additionalProperties', () => {
    const types = generateProviderTypes({
      name: 'github',
      tools: [
        tool(
          'search_issues',
          {
            type: 'object',
            properties: {
              q: { type: 'string', description: 'Search query' },
              'per page': { type: 'integer' },
              labels: { type: 'array', items: { type: 'string' } },
              meta: { type: 'object', additionalProperties: { type: 'number' } },
              closed: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
            },
            required: ['q'],
          },
          { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] },
        ),
      ],
    });
    check(
      types,
      {
        full: `const out = await github.search_issues({ q: 'bug', 'per page': 3, labels: ['a'], meta: { x: 1 }, closed: { a: 'x' } });\nconst total: number = out.total;`,
        minimal: `await github.search_issues({ q: 'bug' });`,
        namedTypes: `const input: github.SearchIssuesInput = { q: 'x' }; const output: github.SearchIssuesOutput = { total: 1 }; void input; void output;`,
      },
      {
        missingRequired: `await github.search_issues({ labels: [] });`,
        noInput: `await github.search_issues();`,
        wrongType: `await github.search_issues({ q: 1 });`,
        wrongItem: `await github.search_issues({ q: 'x', labels: [1] });`,
        wrongAdditional: `await github.search_issues({ q: 'x', meta: { x: 'one' } });`,
        closedExtra: `await github.search_issues({ q: 'x', closed: { a: 'x', b: 1 } });`,
        outputType: `const out = await github.search_issues({ q: 'x' }); const s: string = out.total; void s;`,
        unknownTool: `await github.nope();`,
      },
    );
  });

  it('types enum and const, type arrays and nullable', () => {
    const types = generateProviderTypes({
      name: 'svc',
      tools: [
        tool('pick', {
          type: 'object',
          properties: {
            state: { enum: ['open', 'closed', 42, null] },
            kind: { const: 'issue' },
            id: { type: ['string', 'integer'] },
            note: { type: 'string', nullable: true },
            maybe: { type: ['boolean', 'null'] },
          },
          required: ['state', 'kind'],
        }),
      ],
    });
    check(
      types,
      {
        values: `await svc.pick({ state: 'open', kind: 'issue', id: 'a', note: null, maybe: null });\nawait svc.pick({ state: 42, kind: 'issue', id: 3, maybe: true });\nawait svc.pick({ state: null, kind: 'issue' });`,
      },
      {
        badEnum: `await svc.pick({ state: 'merged', kind: 'issue' });`,
        badConst: `await svc.pick({ state: 'open', kind: 'pr' });`,
        badTypeArray: `await svc.pick({ state: 'open', kind: 'issue', id: true });`,
        badNullable: `await svc.pick({ state: 'open', kind: 'issue', maybe: 'yes' });`,
      },
    );
  });

  it('types anyOf, oneOf and allOf', () => {
    const types = generateProviderTypes({
      name: 'svc',
      tools: [
        tool('shape', {
          type: 'object',
          properties: {
            target: {
              anyOf: [
                { type: 'string' },
                { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] },
              ],
            },
            mode: { oneOf: [{ const: 'fast' }, { const: 'slow' }] },
            both: {
              allOf: [
                { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
                { type: 'object', properties: { b: { type: 'number' } }, required: ['b'] },
              ],
            },
          },
          required: ['target'],
        }),
      ],
    });
    check(
      types,
      {
        ok: `await svc.shape({ target: 'x', mode: 'fast', both: { a: 'x', b: 1 } });\nawait svc.shape({ target: { id: 1 } });`,
      },
      {
        badAnyOf: `await svc.shape({ target: 5 });`,
        badOneOf: `await svc.shape({ target: 'x', mode: 'medium' });`,
        badAllOf: `await svc.shape({ target: 'x', both: { a: 'x' } });`,
      },
    );
  });

  it('types arrays and tuples: prefixItems, draft-07 item arrays, minItems and rest items', () => {
    const types = generateProviderTypes({
      name: 'svc',
      tools: [
        tool('tuples', {
          type: 'object',
          properties: {
            pair: {
              type: 'array',
              prefixItems: [{ type: 'string' }, { type: 'number' }],
              items: false,
              minItems: 2,
            },
            head: {
              type: 'array',
              prefixItems: [{ type: 'string' }],
              items: { type: 'boolean' },
              minItems: 1,
            },
            legacy: {
              type: 'array',
              items: [{ type: 'number' }, { type: 'string' }],
              additionalItems: false,
              minItems: 1,
            },
            matrix: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
          },
        }),
      ],
    });
    check(
      types,
      {
        ok: `await svc.tuples({ pair: ['a', 1], head: ['x', true, false], legacy: [1], matrix: [[1, 2], []] });\nawait svc.tuples({ legacy: [1, 'a'] });\nawait svc.tuples();`,
      },
      {
        pairTooShort: `await svc.tuples({ pair: ['a'] });`,
        pairTooLong: `await svc.tuples({ pair: ['a', 1, 2] });`,
        pairOrder: `await svc.tuples({ pair: [1, 'a'] });`,
        headRest: `await svc.tuples({ head: ['x', 1] });`,
        legacyOrder: `await svc.tuples({ legacy: ['a'] });`,
        matrix: `await svc.tuples({ matrix: [[1], ['x']] });`,
      },
    );
  });

  it('types local $ref / $defs / definitions, including recursion and refs to the root', () => {
    const types = generateProviderTypes({
      name: 'fs',
      tools: [
        tool(
          'tree',
          {
            type: 'object',
            properties: { root: { $ref: '#/$defs/Node' }, legacy: { $ref: '#/definitions/Legacy' } },
            required: ['root'],
            $defs: {
              Node: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  children: { type: 'array', items: { $ref: '#/$defs/Node' } },
                },
                required: ['name'],
              },
              Loop: { $ref: '#/$defs/Loop' },
            },
            definitions: { Legacy: { type: 'string', enum: ['a', 'b'] } },
          },
          { type: 'object', properties: { parent: { $ref: '#' }, size: { type: 'number' } } },
        ),
      ],
    });
    check(
      types,
      {
        recursive: `await fs.tree({ root: { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] }, legacy: 'a' });`,
        rootRef: `const out = await fs.tree({ root: { name: 'a' } }); const n: number | undefined = out.parent?.parent?.size; void n;`,
      },
      {
        deepWrong: `await fs.tree({ root: { name: 'a', children: [{ name: 2 }] } });`,
        legacyWrong: `await fs.tree({ root: { name: 'a' }, legacy: 'c' });`,
      },
    );
  });

  it('gives a permissive output type without an output schema and optional input when none is required', () => {
    const types = generateProviderTypes({
      name: 'svc',
      tools: [
        tool('ping'),
        tool('list', { type: 'object', properties: {} }),
        tool('count', { type: 'number' }),
      ],
    });
    check(
      types,
      {
        optional: `const a: unknown = await svc.ping(); const b: unknown = await svc.list(); await svc.ping({ any: 'thing' }); void a; void b;`,
        number: `await svc.count(3);`,
        untypedOutput: `const refund = await svc.ping(); const ok: boolean = refund.approved; const n: number = await svc.count(1); void ok; void n;`,
      },
      {
        requiredNumber: `await svc.count();`,
        wrongNumber: `await svc.count('3');`,
      },
    );
  });

  it('escapes descriptions and names so nothing can break out of the declaration', () => {
    const hostile = '*/ declare const pwned: number; /*';
    const types = generateProviderTypes({
      name: 'evil',
      tools: [
        tool(
          'run',
          {
            type: 'object',
            title: hostile,
            description: `${hostile}\r\n}\u2028declare const pwned2: number;`,
            properties: {
              '*/ x': { type: 'string', description: hostile, default: hostile },
              '"quoted"\n': { enum: ['*/', '"', '\n'], description: '\u2029 */ }' },
            },
            $defs: { '*/ bad name': { type: 'string', description: hostile } },
          },
          undefined,
          { description: hostile, originalName: `${hostile} name` },
        ),
      ],
    });
    check(
      types,
      { ok: `await evil.run({ '*/ x': 'a', '"quoted"\\n': '*/' });` },
      { noPwned: `const n: number = pwned; void n;`, noPwned2: `const n: number = pwned2; void n;` },
    );
  });

  it('keeps one namespace per provider and distinct type names per tool', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/Item' } },
      $defs: { Item: { type: 'string' } },
    };
    const types = generateProviderTypes({
      name: 'svc',
      tools: [tool('get_item', schema), tool('getItem', { ...schema, $defs: { Item: { type: 'number' } } })],
    });
    check(
      types,
      { ok: `await svc.get_item({ a: 'x' }); await svc.getItem({ a: 1 });` },
      { crossed: `await svc.getItem({ a: 'x' });` },
    );
  });
});
