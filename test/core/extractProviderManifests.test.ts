import { describe, expect, it } from 'vitest';
import { extractProviderManifests } from '../../src/main/engine/core/extractProviderManifests';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import { checkTransportSafe } from '../../src/shared/transportSafe';
import { parseHostMessage } from '../../src/shared/protocol/parseMessage';
import { DEFAULT_RUNTIME_OPTIONS } from '../../src/shared/runtimeOptions';

describe('extractProviderManifests', () => {
  const secret = 'sk-live-very-secret-token';
  const client = { token: secret, request: () => secret };
  const provider = resolveProvider({
    name: 'github',
    tools: {
      'search-issues': {
        description: 'Search issues',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        execute: () => client.request(),
      },
      list: { execute: () => [] },
    },
  });
  // A provider object may carry extra host state; none of it may reach the runner.
  Object.assign(provider, { client, apiKey: secret });
  Object.assign(provider.tools.list!, { client });

  it('keeps names, descriptions and types only', () => {
    const [manifest] = extractProviderManifests([provider]);
    expect(manifest).toEqual({
      name: 'github',
      tools: {
        search_issues: {
          safeName: 'search_issues',
          originalName: 'search-issues',
          description: 'Search issues',
        },
        list: { safeName: 'list', originalName: 'list' },
      },
      types: provider.types,
    });
  });

  it('is transport-safe and carries no function or secret', () => {
    const manifests = extractProviderManifests([provider]);
    expect(checkTransportSafe(manifests)).toEqual({ ok: true });
    expect(JSON.stringify(manifests)).not.toContain(secret);
    expect(JSON.stringify(manifests)).not.toContain('inputSchema');
  });

  it('forms a valid execute message', () => {
    const message = {
      type: 'execute',
      id: 'e',
      code: '1',
      options: { ...DEFAULT_RUNTIME_OPTIONS },
      providers: extractProviderManifests([provider]),
    };
    expect(parseHostMessage(JSON.stringify(message))).toMatchObject({ ok: true });
  });
});
