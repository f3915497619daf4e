import type { ResolvedToolProvider, ToolCallResult } from '../../src/main/engine/core/types';

/** Calls one resolved tool the way the host dispatcher does. */
export function callTool(
  provider: ResolvedToolProvider,
  safeName: string,
  input: unknown,
  signal: AbortSignal = new AbortController().signal,
): Promise<ToolCallResult> {
  const tool = provider.tools[safeName];
  if (!tool)
    throw new Error(`no tool ${provider.name}.${safeName}; have ${Object.keys(provider.tools).join(', ')}`);
  return tool.call(input, {
    signal,
    providerName: provider.name,
    safeToolName: safeName,
    originalToolName: tool.originalName,
  });
}
