import { afterEach, describe, expect, it } from 'vitest';
import type { AskConversation, ModelEndpoint } from '../../src/shared/api/ask';
import type { PausedCall } from '../../src/shared/api/debug';
import type { RunSummary } from '../../src/shared/api/runs';
import type { ExecuteResult } from '../../src/shared/executeResult';
import { formatRunText } from '../../src/main/services/codeMode/formatRunText';
import type { ProviderConfig } from '../../src/shared/api/providers';
import { MCP_TEST_PROVIDERS } from '../mcpServer/mcpFixture';
import { startRendererView, type RendererView } from '../secrets/hostHarness';
import { startFakeModelServer, type FakeModelServer, type ScriptedReply } from '../support/fakeModelServer';

const KEY = 'sk-test-9f8e7d6c5b4a39281706';
const PRICE_CODE = "const price = await shop.price({ item: 'tea' });\nreturn { price };";

let view: RendererView | undefined;
let server: FakeModelServer | undefined;
afterEach(async () => {
  await view?.dispose();
  await server?.close();
  view = server = undefined;
});

function call(id: string, code: string) {
  return { id, arguments: JSON.stringify({ code }) };
}

async function setUp(
  api: 'openai' | 'anthropic',
  script: ScriptedReply[],
  endpoint: Partial<ModelEndpoint> = {},
): Promise<{ view: RendererView; server: FakeModelServer }> {
  server = await startFakeModelServer(api, script);
  // shop.price answers 4.
  view = await startRendererView(() => MCP_TEST_PROVIDERS as ProviderConfig[], { MODEL_KEY: KEY });
  await view.call('ask', 'saveModel', {
    name: 'fake',
    api,
    baseUrl: server.baseUrl,
    model: 'fake-model',
    keySecret: 'MODEL_KEY',
    ...endpoint,
  });
  return { view, server };
}

/** The conversation as the page last heard of it, once it is no longer running. */
async function ended(v: RendererView, id: string): Promise<AskConversation> {
  for (;;) {
    const last = v.received
      .map((text) => JSON.parse(text) as { channel?: string; type?: string; conversation?: AskConversation })
      .filter(
        (event) => event.channel === 'ask' && event.type === 'conversation' && event.conversation?.id === id,
      )
      .at(-1)?.conversation;
    if (last && last.state !== 'running') return last;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function until<T>(read: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function ask(v: RendererView, task: string, maxTurns?: number): Promise<string> {
  const { conversationId } = (await v.call('ask', 'start', {
    model: 'fake',
    task,
    ...(maxTurns ? { maxTurns } : {}),
  })) as { conversationId: string };
  return conversationId;
}

async function runResult(v: RendererView, runId: string): Promise<RunSummary & { result: ExecuteResult }> {
  const runs = (await v.call('runs', 'list')) as RunSummary[];
  return runs.find((run) => run.runId === runId) as RunSummary & { result: ExecuteResult };
}

/** What the model server was sent back for each tool call, in either wire format. */
function toolResultsSent(s: FakeModelServer, request: number): { text: string; isError: boolean }[] {
  const messages = s.requests[request]!.body.messages as {
    role: string;
    content: unknown;
  }[];
  const out: { text: string; isError: boolean }[] = [];
  for (const message of messages) {
    // OpenAI's tool messages carry no error flag: the text says it.
    if (message.role === 'tool') out.push({ text: String(message.content), isError: false });
    if (message.role === 'user' && Array.isArray(message.content))
      for (const block of message.content as { type: string; content: string; is_error?: boolean }[])
        if (block.type === 'tool_result') out.push({ text: block.content, isError: block.is_error === true });
  }
  return out;
}

describe.each([
  ['openai', true],
  ['openai', false],
  ['anthropic', true],
  ['anthropic', false],
] as const)('asking a %s model (streaming: %s)', { timeout: 60_000 }, (api, stream) => {
  it('runs its code as a run of origin "model: NAME" and gets the answer quoting the tool', async () => {
    const { view: v, server: s } = await setUp(
      api,
      [
        { text: 'Let me look the price up.', toolCalls: [call('call_1', PRICE_CODE)] },
        { text: 'The tea costs 4 (from shop.price).' },
      ],
      { stream },
    );
    const id = await ask(v, 'How much is tea?');
    const conversation = await ended(v, id);
    expect(conversation).toMatchObject({
      state: 'answered',
      answer: 'The tea costs 4 (from shop.price).',
      modelName: 'fake',
    });
    expect(conversation.turns).toHaveLength(2);
    const [first] = conversation.turns;
    expect(first!.text).toBe('Let me look the price up.');
    expect(first!.calls[0]).toMatchObject({ code: PRICE_CODE, outcome: { ok: true, toolCalls: 1 } });
    expect(first!.inputTokens).toBeGreaterThan(0);
    expect(first!.outputTokens).toBeGreaterThan(0);
    const run = await runResult(v, first!.calls[0]!.runId!);
    expect(run.origin).toEqual({ kind: 'model', modelName: 'fake' });
    expect(run.result).toMatchObject({ ok: true, result: { price: 4 } });
    // The model hears the run in the words `execbox mcp` answers an agent with.
    expect(toolResultsSent(s, 1)).toEqual([{ text: formatRunText(run.result), isError: false }]);
    // The one tool is execute, described with the workspace's typings.
    const tools = s.requests[0]!.body.tools as Record<string, unknown>[];
    expect(tools).toHaveLength(1);
    expect(JSON.stringify(tools[0])).toContain('function price(input: PriceInput)');
    expect(s.requests[0]!.body.stream === true).toBe(stream);
    // The text streamed to the page as it came adds up to the turn's text.
    const deltas = v.received
      .map(
        (text) =>
          JSON.parse(text) as { type?: string; conversationId?: string; turn?: number; delta?: string },
      )
      .filter((event) => event.type === 'text' && event.conversationId === id && event.turn === 1)
      .map((event) => event.delta)
      .join('');
    expect(deltas).toBe('Let me look the price up.');
  });
});

describe('the ask loop', { timeout: 60_000 }, () => {
  it('sends a thrown error back as the MCP server would, and the corrected code runs next turn', async () => {
    const { view: v, server: s } = await setUp('openai', [
      { toolCalls: [call('c1', "const x = 1;\nthrow new Error('no such item: tee');")] },
      { toolCalls: [call('c2', PRICE_CODE)] },
      { text: 'Tea is 4.' },
    ]);
    const conversation = await ended(v, await ask(v, 'Price of tea?'));
    expect(conversation.state).toBe('answered');
    const failed = conversation.turns[0]!.calls[0]!;
    expect(failed.outcome).toMatchObject({ ok: false, errorCode: 'runtime_error', line: 2 });
    const run = await runResult(v, failed.runId!);
    expect(toolResultsSent(s, 1)).toEqual([{ text: formatRunText(run.result), isError: false }]);
    expect(toolResultsSent(s, 1)[0]!.text).toContain('runtime_error: ');
    expect(toolResultsSent(s, 1)[0]!.text).toContain('no such item: tee');
    expect(conversation.turns[1]!.calls[0]!.outcome).toMatchObject({ ok: true });
  });

  it.each(['openai', 'anthropic'] as const)(
    'tells a %s model its malformed tool arguments and goes on',
    async (api) => {
      const { view: v, server: s } = await setUp(api, [
        {
          toolCalls:
            api === 'openai'
              ? [{ id: 'bad', arguments: '{"code": "return 1' }]
              : [{ id: 'bad', arguments: '{"source": "return 1"}' }],
        },
        { toolCalls: [{ id: 'other', name: 'shell', arguments: '{"cmd": "ls"}' }] },
        { text: 'Sorry, done.' },
      ]);
      const conversation = await ended(v, await ask(v, 'Try.'));
      expect(conversation.state).toBe('answered');
      const [first, second] = conversation.turns;
      expect(first!.calls[0]!.runId).toBeUndefined();
      expect(first!.calls[0]!.problem).toMatch(
        api === 'openai'
          ? /arguments could not be read: the arguments are not JSON/
          : /needs \{ code: string \}/,
      );
      expect(toolResultsSent(s, 1)).toEqual([
        { text: first!.calls[0]!.problem, isError: api === 'anthropic' },
      ]);
      expect(second!.calls[0]!.problem).toBe('no tool named "shell": the only tool is execute');
      expect((await v.call('runs', 'list')) as RunSummary[]).toHaveLength(0);
    },
  );

  it('holds the model’s call at a breakpoint until the person resumes it', async () => {
    const { view: v } = await setUp('anthropic', [
      { toolCalls: [call('c1', PRICE_CODE)] },
      { text: 'It is 4.' },
    ]);
    await v.call('debug', 'addBreakpoint', { providerName: 'shop', toolName: 'price' });
    const id = await ask(v, 'Price?');
    const paused = await until(async () => ((await v.call('debug', 'pausedCalls')) as PausedCall[])[0]);
    expect(paused.origin).toEqual({ kind: 'model', modelName: 'fake' });
    const [running] = (await v.call('ask', 'list')) as AskConversation[];
    expect(running).toMatchObject({ state: 'running', turns: [{ state: 'running' }] });
    expect(running!.turns[0]!.calls[0]!.runId).toBe(paused.runId);
    await v.call('debug', 'resume', paused.pauseId, { action: 'continue' });
    expect(await ended(v, id)).toMatchObject({ state: 'answered', answer: 'It is 4.' });
  });

  it.each(['openai', 'anthropic'] as const)(
    'sends the %s key to the model server only: the page sees it masked',
    async (api) => {
      const { view: v, server: s } = await setUp(api, [
        { text: `My key is ${KEY}.`, toolCalls: [call('c1', `return ${JSON.stringify(KEY)};`)] },
        { text: `Still ${KEY}` },
      ]);
      const conversation = await ended(v, await ask(v, 'Echo your key'));
      expect(conversation.state).toBe('answered');
      expect(s.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(v.received.join('\n')).not.toContain(KEY);
      expect(conversation.answer).toBe('Still «secret:MODEL_KEY»');
      // Streamed in pieces of 7 characters, the key is never passed on in parts either.
      const streamed = v.received
        .map((text) => JSON.parse(text) as { type?: string; turn?: number; delta?: string })
        .filter((event) => event.type === 'text' && event.turn === 1)
        .map((event) => event.delta)
        .join('');
      expect(streamed).toBe('My key is «secret:MODEL_KEY».');
      expect(JSON.stringify(await v.call('ask', 'models'))).not.toContain(KEY);
    },
  );

  it('sends no key to an endpoint that names none', async () => {
    const { view: v, server: s } = await setUp('openai', [{ text: 'hi' }], { keySecret: '' });
    await ended(v, await ask(v, 'Hi'));
    expect(s.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('ends at the turn limit, saying so', async () => {
    const { view: v } = await setUp('openai', [
      { toolCalls: [call('c1', 'return 1;')] },
      { toolCalls: [call('c2', 'return 2;')] },
      { text: 'never read' },
    ]);
    const conversation = await ended(v, await ask(v, 'Loop', 2));
    expect(conversation).toMatchObject({
      state: 'out_of_turns',
      failure: 'the model used all 2 turns without a final answer',
    });
    expect(conversation.turns).toHaveLength(2);
  });

  it('stops while the model is answering', async () => {
    const { view: v } = await setUp('anthropic', [{ hang: true }]);
    const id = await ask(v, 'Think forever');
    await until(() => (server!.requests.length > 0 ? true : undefined));
    await v.call('ask', 'stop', id);
    expect((await ended(v, id)).state).toBe('stopped');
  });

  it('stops while its run is held, cancelling the run as the person’s', async () => {
    const { view: v } = await setUp('openai', [{ toolCalls: [call('c1', PRICE_CODE)] }, { text: 'late' }]);
    await v.call('debug', 'addBreakpoint', { providerName: 'shop', toolName: 'price' });
    const id = await ask(v, 'Price?');
    const paused = await until(async () => ((await v.call('debug', 'pausedCalls')) as PausedCall[])[0]);
    await v.call('ask', 'stop', id);
    const conversation = await ended(v, id);
    expect(conversation.state).toBe('stopped');
    expect(server!.requests).toHaveLength(1);
    const run = await runResult(v, paused.runId);
    expect(run.facts?.cancelReason).toBe('user');
  });

  it('says when the model server fails', async () => {
    const { view: v } = await setUp('openai', [{ status: 400 }]);
    const conversation = await ended(v, await ask(v, 'Hi'));
    expect(conversation.state).toBe('failed');
    expect(conversation.failure).toMatch(/^the model server failed: 400/);
  });

  it('refuses bad asks and bad endpoints plainly', async () => {
    const { view: v } = await setUp('openai', []);
    const refused = async (method: string, ...args: unknown[]) => {
      const response = await v.callRaw('ask', method, ...args);
      expect(response.ok).toBe(false);
      return response.ok ? '' : response.error.message;
    };
    expect(await refused('start', { model: 'nope', task: 'x' })).toBe(
      "no model named 'nope' in the settings",
    );
    expect(await refused('start', { model: 'fake', task: '  ' })).toBe(
      'request.task must say what the model should do',
    );
    expect(await refused('start', { model: 'fake', task: 'x', maxTurns: 0 })).toMatch(
      /maxTurns must be a whole number/,
    );
    expect(
      await refused('saveModel', {
        name: 'x',
        api: 'openai',
        baseUrl: 'https://u:sk-123@example.com',
        model: 'm',
      }),
    ).toMatch(/must not carry a user or password/);
    expect(
      await refused('saveModel', { name: 'x', api: 'gemini', baseUrl: 'http://127.0.0.1', model: 'm' }),
    ).toBe('model.api must be one of openai, anthropic');
    expect(
      await refused('saveModel', {
        name: 'x',
        api: 'openai',
        baseUrl: 'http://127.0.0.1',
        model: 'm',
        key: KEY,
      }),
    ).toMatch(/model.key is not a setting/);
    await v.call('ask', 'saveModel', {
      name: 'nokey',
      api: 'openai',
      baseUrl: 'http://127.0.0.1:9',
      model: 'm',
      keySecret: 'MISSING',
    });
    expect(await refused('start', { model: 'nokey', task: 'x' })).toBe(
      "model 'nokey' needs the secret 'MISSING', which is not in the secret store",
    );
    expect(await refused('stop', 'no-such-id')).toMatch(/no conversation/);
    // A page's left-out argument arrives as null: the endpoint is added, not refused.
    await v.call(
      'ask',
      'saveModel',
      { name: 'other', api: 'openai', baseUrl: 'http://127.0.0.1:9', model: 'm' },
      null,
    );
    expect(((await v.call('ask', 'models')) as { name: string }[]).map((m) => m.name)).toContain('other');
  });
});
