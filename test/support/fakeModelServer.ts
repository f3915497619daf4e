import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer: text, tool calls (arguments as the raw JSON text the model sent), or a hang. */
export interface ScriptedReply {
  text?: string;
  /** Anthropic sends the input as JSON too (streamed in pieces); `arguments` is that text. */
  toolCalls?: { id: string; name?: string; arguments: string }[];
  /** Waits until the client goes away (a model still thinking when the person stops). */
  hang?: boolean;
  /** Answers this HTTP status with an error body instead. */
  status?: number;
  inputTokens?: number;
  outputTokens?: number;
}

export interface SeenRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface FakeModelServer {
  /** The base URL the SDK takes: `/v1` for OpenAI, the bare origin for Anthropic. */
  baseUrl: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
}

function sse(res: ServerResponse, event: string | undefined, data: unknown) {
  res.write(
    `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
  );
}

function openAiAnswer(reply: ScriptedReply, stream: boolean, res: ServerResponse, turn: number) {
  const usage = {
    prompt_tokens: reply.inputTokens ?? 100 + turn,
    completion_tokens: reply.outputTokens ?? 10 + turn,
    total_tokens: (reply.inputTokens ?? 100 + turn) + (reply.outputTokens ?? 10 + turn),
  };
  const calls = reply.toolCalls ?? [];
  const finish = calls.length > 0 ? 'tool_calls' : 'stop';
  const base = { id: `chatcmpl-${turn}`, created: 1_700_000_000, model: 'fake-model' };
  if (!stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: reply.text ?? null,
              refusal: null,
              ...(calls.length > 0
                ? {
                    tool_calls: calls.map((call) => ({
                      id: call.id,
                      type: 'function',
                      function: { name: call.name ?? 'execute', arguments: call.arguments },
                    })),
                  }
                : {}),
            },
            logprobs: null,
            finish_reason: finish,
          },
        ],
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (delta: unknown, finishReason: string | null = null) =>
    sse(res, undefined, {
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });
  chunk({ role: 'assistant', content: '' });
  if (reply.text) for (const piece of pieces(reply.text, 7)) chunk({ content: piece });
  calls.forEach((call, index) => {
    const [first, ...rest] = pieces(call.arguments, 9);
    chunk({
      tool_calls: [
        {
          index,
          id: call.id,
          type: 'function',
          function: { name: call.name ?? 'execute', arguments: first },
        },
      ],
    });
    for (const piece of rest) chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
  });
  chunk({}, finish);
  sse(res, undefined, { ...base, object: 'chat.completion.chunk', choices: [], usage });
  sse(res, undefined, '[DONE]');
  res.end();
}

function anthropicAnswer(reply: ScriptedReply, stream: boolean, res: ServerResponse, turn: number) {
  const usage = {
    input_tokens: reply.inputTokens ?? 200 + turn,
    output_tokens: reply.outputTokens ?? 20 + turn,
  };
  const calls = reply.toolCalls ?? [];
  const stopReason = calls.length > 0 ? 'tool_use' : 'end_turn';
  const message = { id: `msg_${turn}`, type: 'message', role: 'assistant', model: 'fake-model' };
  if (!stream) {
    const content = [
      ...(reply.text ? [{ type: 'text', text: reply.text }] : []),
      ...calls.map((call) => ({
        type: 'tool_use',
        id: call.id,
        name: call.name ?? 'execute',
        input: JSON.parse(call.arguments) as unknown,
      })),
    ];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ...message, content, stop_reason: stopReason, stop_sequence: null, usage }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  sse(res, 'message_start', {
    type: 'message_start',
    message: {
      ...message,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: usage.input_tokens, output_tokens: 1 },
    },
  });
  let index = 0;
  if (reply.text) {
    sse(res, 'content_block_start', {
      type: 'content_block_start',
      index,
      content_block: { type: 'text', text: '' },
    });
    for (const piece of pieces(reply.text, 7))
      sse(res, 'content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'text_delta', text: piece },
      });
    sse(res, 'content_block_stop', { type: 'content_block_stop', index });
    index += 1;
  }
  for (const call of calls) {
    sse(res, 'content_block_start', {
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: call.id, name: call.name ?? 'execute', input: {} },
    });
    for (const piece of pieces(call.arguments, 9))
      sse(res, 'content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: piece },
      });
    sse(res, 'content_block_stop', { type: 'content_block_stop', index });
    index += 1;
  }
  sse(res, 'message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  sse(res, 'message_stop', { type: 'message_stop' });
  res.end();
}

/**
 * A model server on 127.0.0.1 that speaks OpenAI's chat completions (POST /v1/chat/completions) or
 * Anthropic's Messages (POST /v1/messages), streaming or not as each request asks, and answers
 * each request with the next scripted reply. Every request is kept for the test to read.
 */
export async function startFakeModelServer(
  api: 'openai' | 'anthropic',
  script: ScriptedReply[],
): Promise<FakeModelServer> {
  const requests: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += String(chunk)));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      const expected = api === 'openai' ? '/v1/chat/completions' : '/v1/messages';
      if (req.method !== 'POST' || req.url !== expected) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      const turn = requests.filter((r) => r.path === expected).length;
      const reply = script[turn - 1];
      if (!reply || reply.status) {
        const status = reply?.status ?? 500;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            api === 'openai'
              ? { error: { message: `scripted failure ${status}`, type: 'server_error' } }
              : { type: 'error', error: { type: 'api_error', message: `scripted failure ${status}` } },
          ),
        );
        return;
      }
      if (reply.hang) {
        hanging.add(res);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.once('close', () => hanging.delete(res));
        return;
      }
      const stream = body.stream === true;
      if (api === 'openai') openAiAnswer(reply, stream, res, turn);
      else anthropicAnswer(reply, stream, res, turn);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: api === 'openai' ? `${origin}/v1` : origin,
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
