import { afterEach, describe, expect, it } from 'vitest';
import type { MockProviderConfig, NewProviderConfig } from '../../src/shared/api/providers';
import { findMockAnswerProblems } from '../../src/main/providers/mock/findMockAnswerProblems';
import { startHost, type HostFixture } from './hostFixture';

const refundSchema = {
  type: 'object',
  properties: { approved: { type: 'boolean' } },
  required: ['approved'],
};

function provider(tools: MockProviderConfig['tools']): MockProviderConfig {
  return { id: 'p', name: 'crm', kind: 'mock', tools };
}

describe('mock answers checked against their output schema', () => {
  it('finds a fixed result that breaks the schema, keyed by the form field', () => {
    const problems = findMockAnswerProblems(
      provider({
        ok: { outputSchema: refundSchema, response: { mode: 'fixed', result: { approved: true } } },
        refund: { outputSchema: refundSchema, response: { mode: 'fixed', result: { approved: 'yes' } } },
      }),
    );
    expect(Object.keys(problems)).toEqual(['tools.1.response']);
    expect(problems['tools.1.response']).toBe(
      "Tool 'refund': the fixed result does not match the output schema: result/approved must be boolean",
    );
  });

  it('checks rule and otherwise results, never error answers or tools without a schema', () => {
    const problems = findMockAnswerProblems(
      provider({
        free: { response: { mode: 'fixed', result: 42 } },
        rules: {
          outputSchema: refundSchema,
          response: {
            mode: 'rules',
            rules: [
              { when: [], then: { error: { code: 'tool_error', message: 'no' } } },
              { when: [], then: { result: {} } },
            ],
            otherwise: { result: { approved: false } },
          },
        },
      }),
    );
    expect(problems).toEqual({
      'tools.1.response':
        "Tool 'rules': rule 2's result does not match the output schema: result must have required property \"approved\"",
    });
  });

  it('reports an invalid output schema on its own field', () => {
    const problems = findMockAnswerProblems(
      provider({ bad: { outputSchema: { type: 'nonsense' }, response: { mode: 'fixed', result: 1 } } }),
    );
    expect(problems['tools.0.outputSchema']).toMatch(/^Tool 'bad': the output schema is invalid/);
  });
});

describe('the providers API', () => {
  let fixture: HostFixture | undefined;
  afterEach(async () => {
    await fixture?.host.dispose();
    fixture = undefined;
  });

  const broken: NewProviderConfig = {
    name: 'crm2',
    kind: 'mock',
    tools: { refund: { outputSchema: refundSchema, response: { mode: 'fixed', result: { approved: 1 } } } },
  };

  it('answers the form with the problems and refuses to save such a provider', async () => {
    fixture = await startHost();
    const { providers } = fixture.host;
    expect(await providers.validate(broken)).toEqual({
      'tools.0.response': expect.stringContaining('result/approved must be boolean') as unknown,
    });
    await expect(providers.add(broken)).rejects.toThrow(/fixed result does not match the output schema/);
    expect((await providers.list()).some((p) => p.name === 'crm2')).toBe(false);
    const fixedTool = {
      ...broken.tools,
      refund: { ...broken.tools.refund!, response: { mode: 'fixed' as const, result: { approved: true } } },
    };
    expect(await providers.validate({ ...broken, tools: fixedTool } as NewProviderConfig)).toEqual({});
  });
});
