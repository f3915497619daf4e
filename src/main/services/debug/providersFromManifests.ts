import type { ProviderManifest } from '../../../shared/manifest';
import type { ResolvedToolProvider } from '../../engine/core/types';

/**
 * Stand-in providers with the recording's namespaces and tool names, so a replay against the
 * recording needs none of the real providers. Their tools are never meant to run: every call is
 * answered from the recording, and one that is not gets a clear tool_error.
 */
export function providersFromManifests(manifests: readonly ProviderManifest[]): ResolvedToolProvider[] {
  return manifests.map((manifest) => {
    const tools: ResolvedToolProvider['tools'] = {};
    const originalToSafeName: Record<string, string> = {};
    const safeToOriginalName: Record<string, string> = {};
    for (const tool of Object.values(manifest.tools)) {
      originalToSafeName[tool.originalName] = tool.safeName;
      safeToOriginalName[tool.safeName] = tool.originalName;
      tools[tool.safeName] = {
        safeName: tool.safeName,
        originalName: tool.originalName,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        call: async () => ({
          ok: false,
          error: {
            code: 'tool_error',
            message: `${manifest.name}.${tool.safeName} is not available in a replay: answers come from the recording`,
          },
        }),
      };
    }
    return { name: manifest.name, types: manifest.types, tools, originalToSafeName, safeToOriginalName };
  });
}
