import type { Executor, ResolvedToolProvider, ToolCallResult } from '../../src/main/engine/core/types';
import type { ExecuteResult } from '../../src/shared/executeResult';
import type { HostToRunnerMessage, RunnerToHostMessage } from '../../src/shared/protocol/messages';
import { DEFAULT_RUNTIME_OPTIONS } from '../../src/shared/runtimeOptions';

/**
 * A stand-in executor for host-level tests that need no QuickJS: the "code" is JSON listing the
 * tool calls to make in order, and the result is the list of answers. It speaks the protocol
 * through the same hooks (messages, interceptor) a real host session does.
 */
export function createScriptedExecutor(): Executor {
  let nextId = 1;
  return {
    async execute(code, providers, options = {}) {
      const script = JSON.parse(code) as { calls: { provider: string; tool: string; input?: unknown }[] };
      const id = `exec-${nextId++}`;
      const hooks = options.hooks ?? {};
      const send = (
        direction: 'host_to_runner' | 'runner_to_host',
        message: HostToRunnerMessage | RunnerToHostMessage,
      ) => hooks.onMessage?.({ direction, message, at: performance.now() });
      const { signal: _signal, hooks: _hooks, ...limits } = options;
      send('host_to_runner', {
        type: 'execute',
        id,
        code,
        options: { ...DEFAULT_RUNTIME_OPTIONS, ...limits },
        providers: manifests(providers),
      });
      send('runner_to_host', { type: 'started', id });
      const signal = options.signal ?? new AbortController().signal;
      const clock = { pause() {}, resume() {} };
      const answers: unknown[] = [];
      for (const [index, step] of script.calls.entries()) {
        const call = {
          type: 'tool_call' as const,
          callId: `call-${index + 1}`,
          providerName: step.provider,
          safeToolName: step.tool,
          input: step.input,
        };
        send('runner_to_host', call);
        const dispatch = (input: unknown) => callTool(providers, step.provider, step.tool, input, signal);
        const answer = hooks.interceptToolCall
          ? await hooks.interceptToolCall(call, dispatch, { signal, clock })
          : await dispatch(call.input);
        send(
          'host_to_runner',
          answer.ok
            ? { type: 'tool_result', callId: call.callId, ok: true, result: answer.result }
            : { type: 'tool_result', callId: call.callId, ok: false, error: answer.error },
        );
        if (signal.aborted)
          return finish(send, id, {
            ok: false,
            error: { code: 'timeout', message: 'cancelled' },
            logs: [],
            durationMs: 1,
          });
        answers.push(answer.ok ? answer.result : { error: answer.error.code });
      }
      return finish(send, id, {
        ok: true,
        result: answers,
        logs: [`made ${answers.length} calls`],
        durationMs: 1,
      });
    },
    async dispose() {},
  };
}

function finish(
  send: (direction: 'runner_to_host', message: RunnerToHostMessage) => void,
  id: string,
  result: ExecuteResult,
): ExecuteResult {
  send('runner_to_host', { type: 'done', id, ...result });
  return result;
}

async function callTool(
  providers: ResolvedToolProvider[],
  providerName: string,
  toolName: string,
  input: unknown,
  signal: AbortSignal,
): Promise<ToolCallResult> {
  const tool = providers.find((provider) => provider.name === providerName)?.tools[toolName];
  if (!tool)
    return { ok: false, error: { code: 'tool_error', message: `no tool ${providerName}.${toolName}` } };
  return tool.call(input, { signal, providerName, safeToolName: toolName, originalToolName: toolName });
}

function manifests(providers: ResolvedToolProvider[]) {
  return providers.map((provider) => ({
    name: provider.name,
    types: provider.types,
    tools: Object.fromEntries(
      Object.values(provider.tools).map((tool) => [
        tool.safeName,
        { safeName: tool.safeName, originalName: tool.originalName },
      ]),
    ),
  }));
}
