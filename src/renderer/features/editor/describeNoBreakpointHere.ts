import type { ProviderStatus } from '../../../shared/api/providers';
import { findMemberCalls } from '../../../shared/findToolCallLines';

/**
 * Why F9 set no breakpoint on `line` of `code`, in words that are true of that line: the provider
 * it calls is not ready (its tools are not known yet), has no such tool, or the line calls no tool.
 */
export function describeNoBreakpointHere(
  code: string,
  line: number,
  providers: readonly Pick<ProviderStatus, 'name' | 'state' | 'tools' | 'error'>[],
): string {
  const onLine = findMemberCalls(code).filter((call) => call.line === line);
  for (const call of onLine) {
    const provider = providers.find((p) => p.name === call.providerName);
    if (!provider) continue;
    const name = `${call.providerName}.${call.toolName}`;
    if (provider.state !== 'ready')
      return `No breakpoint set: ${provider.name} is ${STATE_WORDS[provider.state]}, so its tools are not known yet. Press F9 on ${name} again once it is ready.`;
    return `No breakpoint set: ${provider.name} has no tool ${call.toolName}${provider.tools.length ? ` (its tools: ${provider.tools.map((t) => t.safeName).join(', ')})` : ''}.`;
  }
  return `No breakpoint set: line ${line} calls no tool. F9 sets one on a line that calls a provider's tool, such as ${providers[0]?.tools[0] ? `${providers[0].name}.${providers[0].tools[0].safeName}(…)` : 'demo.echo(…)'}.`;
}

const STATE_WORDS: Record<Exclude<ProviderStatus['state'], 'ready'>, string> = {
  connecting: 'still connecting',
  error: 'not connected (it failed)',
  awaiting_trust: 'waiting for you to allow it',
  needs_sign_in: 'waiting for you to sign in',
};
