import Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { ModelReply, ModelSession, ModelSessionOptions, ModelToolCall } from './ModelSession';

function readInput(block: { input: unknown }): { input?: unknown; problem?: string } {
  let input: unknown;
  try {
    // The SDK parses streamed tool input when it is read; a malformed one throws here.
    input = block.input;
  } catch (error) {
    return { problem: `the input is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { problem: 'the input must be a JSON object' };
  return { input };
}

/** A session with Anthropic's Messages API (or a server that speaks it). */
export function createAnthropicSession(options: ModelSessionOptions): ModelSession {
  const client = new Anthropic({
    // Always given, so the SDK never looks for a key in the environment or a profile.
    apiKey: options.apiKey ?? '',
    baseURL: options.baseUrl,
    maxRetries: 1,
    ...(options.apiKey === undefined ? { defaultHeaders: { 'X-Api-Key': null, Authorization: null } } : {}),
  });
  const messages: MessageParam[] = [{ role: 'user', content: options.task }];
  const params = (): MessageCreateParamsNonStreaming => ({
    model: options.model,
    max_tokens: options.maxTokens,
    system: options.system,
    messages,
    tools: options.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.inputSchema as { type: 'object' },
    })),
  });

  async function complete(signal: AbortSignal, onText: (delta: string) => void): Promise<Message> {
    if (!options.stream) {
      const message = await client.messages.create(params(), { signal });
      for (const block of message.content) if (block.type === 'text' && block.text) onText(block.text);
      return message;
    }
    const stream = client.messages.stream(params(), { signal });
    stream.on('text', (delta) => onText(delta));
    return stream.finalMessage();
  }

  return {
    async reply(signal, onText): Promise<ModelReply> {
      const message = await complete(signal, onText);
      const content: ContentBlockParam[] = [];
      const toolCalls: ModelToolCall[] = [];
      let text = '';
      for (const block of message.content) {
        if (block.type === 'text') {
          text += block.text;
          if (block.text) content.push({ type: 'text', text: block.text });
        } else if (block.type === 'tool_use') {
          const read = readInput(block);
          toolCalls.push({ id: block.id, name: block.name, ...read });
          content.push({
            type: 'tool_use',
            id: block.id,
            name: block.name,
            input: read.problem ? {} : read.input,
          });
        }
      }
      if (content.length > 0) messages.push({ role: 'assistant', content });
      return {
        text,
        toolCalls,
        inputTokens: message.usage.input_tokens,
        outputTokens: message.usage.output_tokens,
      };
    },
    addToolResults(results) {
      messages.push({
        role: 'user',
        content: results.map((result) => ({
          type: 'tool_result' as const,
          tool_use_id: result.id,
          content: result.text,
          ...(result.isError ? { is_error: true } : {}),
        })),
      });
    },
  };
}
