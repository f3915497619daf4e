import { describe, expect, it } from 'vitest';
import { connectMcpClient } from '../../src/main/providers/mcp/connectMcpClient';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import { tempDir } from '../workspace/hostFixture';

describe('an HTTP MCP provider closed while it connects', () => {
  it('gives up at once when closed during the SSE fallback, whose start never settles after a close', async () => {
    const dir = await tempDir();
    const closing = new AbortController();
    const methods: string[] = [];
    // No server: Streamable HTTP's POST fails, then the SSE fallback's GET is where the provider is closed.
    const fetch = async (_url: string | URL, init?: RequestInit): Promise<Response> => {
      const method = init?.method ?? 'GET';
      methods.push(method);
      if (method === 'GET') closing.abort(new Error("provider 'remote' was closed"));
      throw new TypeError('fetch failed');
    };
    const connecting = connectMcpClient(
      { id: 'p', name: 'remote', kind: 'mcp', transport: { type: 'http', url: 'http://127.0.0.1:9/mcp' } },
      createFileSecretStore(dir),
      dir,
      { timeoutMs: 600_000, signal: closing.signal, fetch },
    );
    await expect(connecting).rejects.toThrow("provider 'remote' was closed");
    expect(methods).toEqual(['POST', 'GET']);
  });
});
