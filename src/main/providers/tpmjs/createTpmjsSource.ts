import type { TpmjsProviderConfig } from '../../../shared/api/providers';
import type { ToolDefinition } from '../../engine/core/types';
import { expandSecretRecord, expandSecretRefs } from '../../secrets/expandSecretRefs';
import type { ProviderSource, ProviderSourceDeps } from '../ProviderSource';
import { executeTpmjsTool, tpmjsHeaders, type TpmjsRequest } from './executeTpmjsTool';
import { parseTpmjsToolRef, type TpmjsToolRef } from './parseTpmjsToolRef';
import { tpmjsBaseUrl, tpmjsDestination } from './tpmjsDestination';

export const DEFAULT_TPMJS_TIMEOUT_MS = 180_000;
const HEALTH_TIMEOUT_MS = 5_000;

function refLabel(ref: TpmjsToolRef): string {
  return `${ref.packageName}@${ref.version}::${ref.toolName}`;
}

/** A TPMJS executor as a provider: each listed `package@version::tool` is one tool. */
export function createTpmjsSource(
  config: TpmjsProviderConfig,
  deps: ProviderSourceDeps,
): ProviderSource & {
  check(): Promise<void>;
} {
  const baseUrl = tpmjsBaseUrl(config.baseUrl);
  const destination = tpmjsDestination(config.baseUrl);
  const request = async (): Promise<TpmjsRequest> => ({
    baseUrl,
    apiKey: config.apiKey
      ? await expandSecretRefs(config.apiKey, deps.secrets, `provider '${config.name}' apiKey`, destination)
      : undefined,
    env: await expandSecretRecord(config.env, deps.secrets, `provider '${config.name}' env`, destination),
    timeoutMs: config.requestTimeoutMs ?? DEFAULT_TPMJS_TIMEOUT_MS,
  });
  return {
    async load() {
      const resolved = await request();
      const entries = config.tools.map((entry, index) => {
        const spec = typeof entry === 'string' ? { ref: entry } : entry;
        try {
          return { spec, ref: parseTpmjsToolRef(spec.ref) };
        } catch (error) {
          throw new Error(`provider '${config.name}' tools[${index}]: ${(error as Error).message}`);
        }
      });
      const counts = new Map<string, number>();
      for (const { ref } of entries) counts.set(ref.toolName, (counts.get(ref.toolName) ?? 0) + 1);
      const tools: Record<string, ToolDefinition> = {};
      for (const { spec, ref } of entries) {
        // The export name is the guest name unless two packages export the same one.
        const key = counts.get(ref.toolName) === 1 ? ref.toolName : refLabel(ref);
        tools[key] = {
          description: spec.description ?? `${refLabel(ref)} (TPMJS)`,
          inputSchema: spec.inputSchema,
          outputSchema: spec.outputSchema,
          execute: (input, context) => executeTpmjsTool(resolved, ref, input, context.signal),
        };
      }
      return { name: config.name, tools };
    },
    /** GET /health: the executor is up and speaks protocol 1.x. */
    async check() {
      const { apiKey } = await request();
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/health`, {
          headers: tpmjsHeaders(apiKey),
          signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
        });
      } catch {
        throw new Error(`TPMJS executor ${baseUrl} is unreachable`);
      }
      const body = (await response.json().catch(() => undefined)) as
        { protocolVersion?: unknown } | undefined;
      if (!response.ok || typeof body?.protocolVersion !== 'string') {
        throw new Error(
          `TPMJS executor ${baseUrl}/health answered HTTP ${response.status} without a protocolVersion`,
        );
      }
      if (!body.protocolVersion.startsWith('1.')) {
        throw new Error(
          `TPMJS executor ${baseUrl} speaks protocol ${body.protocolVersion}; this client speaks 1.0`,
        );
      }
    },
    async dispose() {},
  };
}
