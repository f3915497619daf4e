import type { ProviderManifest } from '../../../shared/manifest';
import type { ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';

/** The guest namespace most cases use: `tools.echo`, `tools.hang`, `tools.fail`. */
export const TOOLS_PROVIDER: ProviderManifest = {
  name: 'tools',
  tools: {
    echo: { safeName: 'echo', originalName: 'echo', description: 'Echo input' },
    hang: { safeName: 'hang', originalName: 'hang', description: 'Never answers on its own' },
    fail: { safeName: 'fail', originalName: 'fail', description: 'Fails with a trusted error' },
  },
  types: 'declare namespace tools { function echo(input?: unknown): Promise<unknown>; }',
};

/** A second namespace whose tool's safe name differs from its original name. */
export const FIRECRAWL_PROVIDER: ProviderManifest = {
  name: 'firecrawl',
  tools: {
    scrape_url: { safeName: 'scrape_url', originalName: 'scrape-url', description: 'Scrape a URL' },
  },
  types: 'declare namespace firecrawl { function scrape_url(input: { url: string }): Promise<unknown>; }',
};

export const CASE_RUNTIME_OPTIONS: ExecutorRuntimeOptions = {
  timeoutMs: 5000,
  memoryLimitBytes: 64 * 1024 * 1024,
  maxLogLines: 100,
  maxLogChars: 64_000,
};
