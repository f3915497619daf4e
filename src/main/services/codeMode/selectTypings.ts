import { generateProviderTypes } from '../../engine/core/generateProviderTypes';
import type { ResolvedToolProvider } from '../../engine/core/types';

export interface TypingsRequest {
  /** Provider namespaces whose whole declarations are wanted. */
  providers?: string[];
  /** `namespace.tool` names (the guest-visible ones) for single tools. */
  tools?: string[];
}

export type TypingsAnswer = { ok: true; typings: string } | { ok: false; message: string };

/**
 * The declarations an agent asked for: whole providers, single tools, or (asking for nothing)
 * every provider. Unknown names are an error that lists what exists.
 */
export function selectTypings(
  providers: readonly ResolvedToolProvider[],
  request: TypingsRequest,
): TypingsAnswer {
  const byName = new Map(providers.map((provider) => [provider.name, provider]));
  const wanted = request.providers ?? [];
  const tools = request.tools ?? [];
  if (wanted.length === 0 && tools.length === 0)
    return { ok: true, typings: providers.map((provider) => provider.types).join('\n') };

  const parts: string[] = [];
  const unknown: string[] = [];
  for (const name of wanted) {
    const provider = byName.get(name);
    if (provider) parts.push(provider.types);
    else unknown.push(name);
  }
  const toolsByProvider = new Map<ResolvedToolProvider, Set<string>>();
  for (const qualified of tools) {
    const dot = qualified.indexOf('.');
    const provider = dot > 0 ? byName.get(qualified.slice(0, dot)) : undefined;
    const toolName = qualified.slice(dot + 1);
    // Own tools only: `mod.constructor` or `mod.__proto__` name no tool.
    const tool = provider && Object.hasOwn(provider.tools, toolName) ? provider.tools[toolName] : undefined;
    if (!provider || !tool) {
      unknown.push(qualified);
      continue;
    }
    if (wanted.includes(provider.name)) continue;
    const set = toolsByProvider.get(provider) ?? new Set<string>();
    set.add(tool.safeName);
    toolsByProvider.set(provider, set);
  }
  if (unknown.length > 0) {
    const known = providers.map(
      (provider) => `${provider.name} (${Object.keys(provider.tools).join(', ') || 'no tools'})`,
    );
    return {
      ok: false,
      message:
        `no provider or tool named ${unknown.map((name) => JSON.stringify(name)).join(', ')}; ` +
        `tools are named namespace.tool, and the workspace has: ${known.join('; ') || 'no providers'}`,
    };
  }
  for (const [provider, names] of toolsByProvider) {
    parts.push(
      generateProviderTypes({
        name: provider.name,
        tools: [...names].map((name) => provider.tools[name]!),
      }),
    );
  }
  return { ok: true, typings: parts.join('\n') };
}
