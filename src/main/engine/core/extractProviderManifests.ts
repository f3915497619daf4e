import type { ProviderManifest, ToolManifest } from '../../../shared/manifest';
import type { ResolvedToolProvider } from './types';

/**
 * The transport-safe view the runner receives: names, descriptions and type declarations only,
 * copied field by field so no closure, client, validator or secret on the resolved provider leaks.
 */
export function extractProviderManifests(providers: readonly ResolvedToolProvider[]): ProviderManifest[] {
  return providers.map((provider) => {
    const tools: Record<string, ToolManifest> = {};
    for (const tool of Object.values(provider.tools)) {
      const manifest: ToolManifest = {
        safeName: String(tool.safeName),
        originalName: String(tool.originalName),
      };
      if (typeof tool.description === 'string') manifest.description = tool.description;
      tools[manifest.safeName] = manifest;
    }
    return { name: String(provider.name), tools, types: String(provider.types) };
  });
}
