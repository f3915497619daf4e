import type { ProviderConfig } from '../../shared/api/providers';
import { createMcpSource } from './mcp/createMcpSource';
import { createMockProvider } from './mock/createMockProvider';
import { createModuleSource } from './module/createModuleSource';
import type { ProviderSource, ProviderSourceDeps } from './ProviderSource';
import { createTpmjsSource } from './tpmjs/createTpmjsSource';

/** The source for one provider config, by kind. */
export function createProviderSource(
  config: ProviderConfig,
  deps: ProviderSourceDeps,
): ProviderSource & { check?(): Promise<void> } {
  switch (config.kind) {
    case 'mock':
      return {
        load: async () => createMockProvider(config, deps.manual),
        dispose: async () => undefined,
      };
    case 'mcp':
      return createMcpSource(config, deps);
    case 'tpmjs':
      return createTpmjsSource(config, deps);
    case 'module':
      return createModuleSource(config, deps);
  }
}
