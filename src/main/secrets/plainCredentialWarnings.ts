import type { ProviderConfig } from '../../shared/api/providers';
import { looksLikeCredential } from '../../shared/looksLikeCredential';

/**
 * One warning per plain value in a provider's env, headers or API key that looks like a
 * credential (issue 13.4): saved in clear text in the workspace file, where it travels with it.
 */
export function plainCredentialWarnings(providers: readonly ProviderConfig[]): string[] {
  const warnings: string[] = [];
  const check = (provider: ProviderConfig, place: string, name: string, value: unknown) => {
    if (typeof value !== 'string') return;
    const reason = looksLikeCredential(name, value);
    if (reason)
      warnings.push(
        `provider '${provider.name}': ${place} ${name} holds what looks like a credential in clear text (${reason}); move it to the secret store and write \${secret:NAME} instead`,
      );
  };
  for (const provider of providers) {
    if (provider.kind === 'mcp') {
      const transport = provider.transport;
      if (transport.type === 'stdio')
        for (const [name, value] of Object.entries(transport.env ?? {}))
          check(provider, 'environment variable', name, value);
      else
        for (const [name, value] of Object.entries(transport.headers ?? {}))
          check(provider, 'header', name, value);
    } else if (provider.kind === 'tpmjs') {
      check(provider, 'the', 'API key', provider.apiKey);
      for (const [name, value] of Object.entries(provider.env ?? {}))
        check(provider, 'environment variable', name, value);
    }
  }
  return warnings;
}
