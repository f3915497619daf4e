import path from 'node:path';
import { loadWorkspaceFile } from './loadWorkspaceFile';
import { trustRequirement, type TrustRequirement } from './trustRequirement';

/** What a workspace file would run on this machine, provider by provider, with each requirement's fingerprint. */
export async function readTrustRequirements(
  file: string,
): Promise<(TrustRequirement & { providerName: string })[]> {
  const doc = await loadWorkspaceFile(file);
  return doc.providers.flatMap((config) => {
    const requirement = trustRequirement(config, path.dirname(file));
    return requirement ? [{ ...requirement, providerName: config.name }] : [];
  });
}
