import { randomUUID } from 'node:crypto';
import type { AskConversation, ModelEndpoint } from '../../../shared/api/ask';
import type { ResolvedToolProvider } from '../../engine/core/types';
import { TYPINGS_TOOL } from '../codeMode/answerTypingsTool';
import { describeExecuteToolFor, EXECUTE_TOOL_NAME } from '../codeMode/describeExecuteTool';
import { EXECUTE_INPUT_SCHEMA } from '../codeMode/executeToolSchemas';
import { askSystemPrompt } from './askSystemPrompt';
import { createModelSession } from './createModelSession';
import { DEFAULT_MAX_TOKENS, type ModelSession } from './ModelSession';

/**
 * A new conversation's record and its model session, with the execute tool as `execbox mcp` lists
 * it, and its typings tool when the declarations are too long for execute's description.
 */
export function startAskConversation(options: {
  endpoint: ModelEndpoint;
  apiKey: string | undefined;
  task: string;
  maxTurns: number;
  providers: readonly ResolvedToolProvider[];
  compareGroup?: string;
}): { conversation: AskConversation; session: ModelSession; toolNames: string[] } {
  const { endpoint } = options;
  const execute = describeExecuteToolFor(options.providers);
  const tools = [
    {
      name: EXECUTE_TOOL_NAME,
      description: execute.description,
      inputSchema: EXECUTE_INPUT_SCHEMA as unknown as Record<string, unknown>,
    },
    ...(execute.typingsLeftOut
      ? [
          {
            name: TYPINGS_TOOL.name,
            description: TYPINGS_TOOL.description,
            inputSchema: TYPINGS_TOOL.inputSchema as unknown as Record<string, unknown>,
          },
        ]
      : []),
  ];
  const session = createModelSession(endpoint.api, {
    baseUrl: endpoint.baseUrl,
    model: endpoint.model,
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    stream: endpoint.stream ?? true,
    maxTokens: endpoint.maxTokens ?? DEFAULT_MAX_TOKENS,
    system: askSystemPrompt(execute.typingsLeftOut),
    task: options.task,
    tools,
  });
  const conversation: AskConversation = {
    id: randomUUID(),
    modelName: endpoint.name,
    task: options.task,
    state: 'running',
    turns: [],
    maxTurns: options.maxTurns,
    startedAt: new Date().toISOString(),
    version: 0,
    ...(options.compareGroup ? { compareGroup: options.compareGroup } : {}),
  };
  return { conversation, session, toolNames: tools.map((tool) => tool.name) };
}
