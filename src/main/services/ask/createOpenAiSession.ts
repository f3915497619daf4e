import OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { ModelReply, ModelSession, ModelSessionOptions } from './ModelSession';
import { readToolArguments } from './readToolArguments';

/** A session with an OpenAI compatible chat completions server (OpenAI, Ollama, llama.cpp, vLLM, LM Studio). */
export function createOpenAiSession(options: ModelSessionOptions): ModelSession {
  const client = new OpenAI({
    // Always given, so the SDK never reads OPENAI_API_KEY or OPENAI_BASE_URL from the environment.
    apiKey: options.apiKey ?? 'none',
    baseURL: options.baseUrl,
    maxRetries: 1,
    // Without a key no Authorization header goes out at all.
    ...(options.apiKey === undefined ? { defaultHeaders: { Authorization: null } } : {}),
  });
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: options.system },
    { role: 'user', content: options.task },
  ];
  const params = (): ChatCompletionCreateParamsNonStreaming => ({
    model: options.model,
    messages,
    tools: options.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    })),
    ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
  });

  async function complete(signal: AbortSignal, onText: (delta: string) => void): Promise<ChatCompletion> {
    if (!options.stream) {
      const completion = await client.chat.completions.create(params(), { signal });
      const text = completion.choices[0]?.message.content;
      if (text) onText(text);
      return completion;
    }
    const stream = client.chat.completions.stream(
      { ...params(), stream: true, stream_options: { include_usage: true } },
      { signal },
    );
    stream.on('content', (delta) => onText(delta));
    return stream.finalChatCompletion();
  }

  return {
    async reply(signal, onText): Promise<ModelReply> {
      const completion = await complete(signal, onText);
      const message = completion.choices[0]?.message;
      if (!message) throw new Error('the model server answered with no choices');
      const calls = (message.tool_calls ?? []).filter((call) => call.type === 'function');
      messages.push({
        role: 'assistant',
        content: message.content ?? null,
        ...(calls.length > 0
          ? {
              tool_calls: calls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.function.name, arguments: call.function.arguments },
              })),
            }
          : {}),
      });
      return {
        text: message.content ?? '',
        toolCalls: calls.map((call) => ({
          id: call.id,
          name: call.function.name,
          ...readToolArguments(call.function.arguments),
        })),
        ...(completion.usage
          ? { inputTokens: completion.usage.prompt_tokens, outputTokens: completion.usage.completion_tokens }
          : {}),
      };
    },
    addToolResults(results) {
      for (const result of results)
        messages.push({ role: 'tool', tool_call_id: result.id, content: result.text });
    },
  };
}
