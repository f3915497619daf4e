import { randomUUID } from 'node:crypto';
import type { McpProviderConfig } from '../../../shared/api/providers';
import type { WorkspaceFile } from '../../../shared/workspaceFormat';
import type { SecretStore } from '../../secrets/SecretStore';
import type { McpImportPlan } from './planMcpImport';

/**
 * Carries out an import plan on a workspace document: the secrets it moved go to the store first
 * (so no provider ever refers to a secret that is not there), then each server is appended as a
 * provider with a new id. Starting them is the caller's: nothing here runs anything.
 */
export async function importMcpPlan(
  plan: McpImportPlan,
  secrets: SecretStore,
  addToDocument: (change: (draft: WorkspaceFile) => void) => Promise<void>,
): Promise<McpProviderConfig[]> {
  for (const [name, value] of Object.entries(plan.secretValues)) await secrets.set(name, value);
  const configs: McpProviderConfig[] = plan.preview.servers.map((server) => ({
    ...server.config,
    id: `provider-${randomUUID().slice(0, 8)}`,
  }));
  await addToDocument((draft) => {
    draft.providers.push(...configs);
  });
  return configs;
}
