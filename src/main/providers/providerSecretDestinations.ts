import type { ProviderConfig } from '../../shared/api/providers';
import { secretNamesIn } from '../secrets/expandSecretRefs';
import { httpMcpDestination } from './mcp/httpMcpDestination';
import { stdioLaunch } from './mcp/stdioLaunch';
import { stdioLaunchDestination } from './mcp/stdioLaunchDestination';
import { tpmjsDestination } from './tpmjs/tpmjsDestination';

export interface SecretDestination {
  secret: string;
  /** As the provider names it when it asks the binding store (`SecretDestinations.authorize`). */
  destination: string;
}

/** Each secret a provider's configuration would send, and where to: what the provider expands when it connects. */
export function providerSecretDestinations(config: ProviderConfig, baseDir: string): SecretDestination[] {
  const sent = (value: unknown, destination: string) =>
    secretNamesIn(value).map((secret) => ({ secret, destination }));
  if (config.kind === 'mcp') {
    const transport = config.transport;
    if (transport.type === 'stdio')
      return sent(transport.env, stdioLaunchDestination(stdioLaunch(transport, baseDir)));
    return sent(transport.headers, httpMcpDestination(transport.url));
  }
  if (config.kind === 'tpmjs') return sent([config.apiKey, config.env], tpmjsDestination(config.baseUrl));
  return [];
}
