import { afterEach, describe, expect, it } from 'vitest';
import type { AskConversation } from '../../src/shared/api/ask';
import type { ProviderConfig } from '../../src/shared/api/providers';
import { MAX_DESCRIPTION_TYPINGS_CHARS } from '../../src/main/services/codeMode/describeExecuteTool';
import { MCP_TEST_PROVIDERS } from '../mcpServer/mcpFixture';
import { startRendererView, type RendererView } from '../secrets/hostHarness';
import { startFakeModelServer, type FakeModelServer } from '../support/fakeModelServer';

const PRICE_CODE = "const price = await shop.price({ item: 'tea' });\nreturn { price };";

/** A provider whose declarations alone are longer than the execute tool's description may hold. */
const WIDE_PROVIDER = {
  id: 'wide',
  name: 'wide',
  kind: 'mock',
  tools: Object.fromEntries(
    Array.from({ length: 120 }, (_, i) => [
      `report${i}`,
      {
        description: `Report number ${i}: ${'the figures of one quarter, by region and product line. '.repeat(3)}`,
        inputSchema: { type: 'object', properties: { quarter: { type: 'string' } } },
        response: { mode: 'fixed', result: i },
      },
    ]),
  ),
};

let view: RendererView | undefined;
let server: FakeModelServer | undefined;
afterEach(async () => {
  await view?.dispose();
  await server?.close();
  view = server = undefined;
});

async function converse(
  api: 'openai' | 'anthropic',
  providers: unknown[],
  script: Parameters<typeof startFakeModelServer>[1],
): Promise<AskConversation> {
  server = await startFakeModelServer(api, script);
  view = await startRendererView(() => providers as ProviderConfig[], {});
  await view.call('ask', 'saveModel', { name: 'fake', api, baseUrl: server.baseUrl, model: 'fake-model' });
  const { conversationId } = (await view.call('ask', 'start', { model: 'fake', task: 'Price of tea?' })) as {
    conversationId: string;
  };
  for (;;) {
    const last = view.received
      .map((text) => JSON.parse(text) as { channel?: string; conversation?: AskConversation })
      .filter((event) => event.channel === 'ask' && event.conversation?.id === conversationId)
      .at(-1)?.conversation;
    if (last && last.state !== 'running') return last;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function offeredTools(api: 'openai' | 'anthropic', request: number): string[] {
  const tools = server!.requests[request]!.body.tools as { name?: string; function?: { name: string } }[];
  return tools.map((tool) => (api === 'openai' ? tool.function!.name : tool.name!));
}

function systemPrompt(api: 'openai' | 'anthropic'): string {
  const body = server!.requests[0]!.body;
  if (api === 'anthropic') return String(body.system);
  return String((body.messages as { role: string; content: string }[])[0]!.content);
}

function lastToolResult(request: number): string {
  const messages = server!.requests[request]!.body.messages as { role: string; content: unknown }[];
  const last = messages.at(-1)!;
  if (typeof last.content === 'string') return last.content;
  return (last.content as { content: string }[])[0]!.content;
}

describe.each(['openai', 'anthropic'] as const)(
  'the typings tool for a %s model',
  { timeout: 60_000 },
  (api) => {
    it('is offered only when the declarations do not fit, and reads them without a run', async () => {
      const conversation = await converse(
        api,
        [...MCP_TEST_PROVIDERS!, WIDE_PROVIDER],
        [
          { toolCalls: [{ id: 't1', name: 'typings', arguments: JSON.stringify({ providers: ['shop'] }) }] },
          { toolCalls: [{ id: 't2', arguments: JSON.stringify({ code: PRICE_CODE }) }] },
          { text: 'Tea costs 4.' },
        ],
      );
      expect(conversation.state).toBe('answered');
      expect(offeredTools(api, 0)).toEqual(['execute', 'typings']);
      expect(systemPrompt(api)).toContain('call `typings` first');
      const description = (
        server!.requests[0]!.body.tools as { description?: string; function?: { description: string } }[]
      )[0]!;
      expect((description.description ?? description.function!.description).length).toBeLessThan(
        MAX_DESCRIPTION_TYPINGS_CHARS,
      );
      // The model read shop's declarations: no run, and the run afterwards used them.
      expect(lastToolResult(1)).toContain('price(');
      expect(lastToolResult(1)).not.toContain('report7');
      const [first, second] = conversation.turns;
      expect(first!.calls[0]).toEqual({ callId: 't1', typingsRead: 'shop' });
      expect(second!.calls[0]).toMatchObject({ code: PRICE_CODE, outcome: { ok: true } });
    });

    it('names an unknown provider back to the model', async () => {
      const conversation = await converse(
        api,
        [...MCP_TEST_PROVIDERS!, WIDE_PROVIDER],
        [
          { toolCalls: [{ id: 't1', name: 'typings', arguments: JSON.stringify({ providers: ['nope'] }) }] },
          { text: 'No such provider.' },
        ],
      );
      expect(conversation.turns[0]!.calls[0]!.problem).toMatch(/nope/);
      expect(lastToolResult(1)).toMatch(/nope/);
    });

    it('is not offered, nor answered, when the declarations fit', async () => {
      const conversation = await converse(api, MCP_TEST_PROVIDERS!, [
        { toolCalls: [{ id: 't1', name: 'typings', arguments: '{}' }] },
        { text: 'Done.' },
      ]);
      expect(offeredTools(api, 0)).toEqual(['execute']);
      expect(systemPrompt(api)).not.toContain('typings');
      expect(conversation.turns[0]!.calls[0]!.problem).toBe(
        'no tool named "typings": the only tool is execute',
      );
    });
  },
);
