import type { MockProviderConfig, MockToolConfig, MockOutcome } from '../../../shared/api/providers';
import type { ToolDefinition, ToolExecutionContext, ToolProvider } from '../../engine/core/types';
import { abortableDelay } from '../abortableDelay';
import { toolError } from '../toolError';
import { compileTrustedHandler } from './compileTrustedHandler';
import { findMockOutcome } from './findMockOutcome';
import type { ManualCallBroker } from './ManualCallBroker';

type Respond = (input: unknown, context: ToolExecutionContext) => Promise<unknown>;

function fromOutcome(outcome: MockOutcome): unknown {
  if ('error' in outcome) throw toolError(outcome.error.code, outcome.error.message);
  return outcome.result;
}

function responder(
  providerName: string,
  toolName: string,
  tool: MockToolConfig,
  manual: ManualCallBroker,
): Respond {
  const response = tool.response;
  switch (response.mode) {
    case 'fixed':
      return async () => structuredClone(response.result);
    case 'rules':
      return async (input) => {
        const outcome = findMockOutcome(response.rules, response.otherwise, input);
        if (!outcome)
          throw toolError('tool_error', `no rule of mock tool ${providerName}.${toolName} matched the input`);
        return structuredClone(fromOutcome(outcome));
      };
    case 'handler': {
      const handler = compileTrustedHandler(response.source, `mock-handler:${providerName}.${toolName}`);
      return (input, context) => handler(input, { signal: context.signal, providerName, toolName });
    }
    case 'manual':
      // The person's answer time is held time, as at a breakpoint: the run's clock stops meanwhile.
      return async (input, context) => {
        context.clock?.pause();
        try {
          return await manual.ask({ providerName, toolName, input }, context.signal, (requestId) => {
            if (context.callId)
              context.onEvent?.({ type: 'manual_answer_requested', callId: context.callId, requestId });
          });
        } finally {
          context.clock?.resume();
        }
      };
  }
}

function checkPatterns(toolName: string, tool: MockToolConfig): void {
  if (tool.response.mode !== 'rules') return;
  tool.response.rules.forEach((rule, r) =>
    rule.when.forEach((condition, c) => {
      if (condition.matches === undefined) return;
      try {
        new RegExp(condition.matches);
      } catch (error) {
        throw new Error(
          `tools.${toolName}.response.rules[${r}].when[${c}].matches is not a valid regular expression: ${(error as Error).message}`,
        );
      }
    }),
  );
}

/** A mock provider: every tool answers from the workspace's configuration, after its latency. */
export function createMockProvider(config: MockProviderConfig, manual: ManualCallBroker): ToolProvider {
  const tools: Record<string, ToolDefinition> = {};
  for (const [toolName, tool] of Object.entries(config.tools)) {
    checkPatterns(toolName, tool);
    const respond = responder(config.name, toolName, tool, manual);
    tools[toolName] = {
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      async execute(input, context) {
        if (tool.latencyMs) await abortableDelay(tool.latencyMs, context.signal);
        return respond(input, context);
      },
    };
  }
  return { name: config.name, tools };
}
