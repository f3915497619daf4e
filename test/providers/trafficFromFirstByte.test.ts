import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpProviderConfig } from '../../src/shared/api/providers';
import { connectMcpClient } from '../../src/main/providers/mcp/connectMcpClient';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import { tempDir } from '../workspace/hostFixture';
import { startMcpFixture } from './startMcpFixture';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Seen = { direction: 'sent' | 'received'; message: JSONRPCMessage };

/** Connects to the fixture over `type`, lists its tools, and returns every message the observer saw. */
async function trafficOver(type: 'http' | 'sse'): Promise<{ seen: Seen[]; via: string }> {
  const server = await startMcpFixture(0, type === 'sse');
  cleanups.push(() => server.stop());
  const dir = await tempDir();
  const seen: Seen[] = [];
  const config: McpProviderConfig = {
    id: 'f',
    name: 'fixture',
    kind: 'mcp',
    transport: { type, url: server.url },
  };
  const handle = await connectMcpClient(config, createFileSecretStore(dir), dir, {
    timeoutMs: 30_000,
    observe: (direction, message) => seen.push({ direction, message }),
  });
  cleanups.push(() => handle.close());
  await handle.client.listTools();
  return { seen, via: handle.via };
}

describe('the MCP traffic is recorded from the first byte (issue 40)', { timeout: 60_000 }, () => {
  it.each(['http', 'sse'] as const)(
    'over %s: initialize, its answer, notifications/initialized, then tools/list',
    async (type) => {
      const { seen, via } = await trafficOver(type);
      expect(via).toBe(type === 'http' ? 'streamable-http' : 'sse');
      expect(seen[0]).toMatchObject({
        direction: 'sent',
        message: { method: 'initialize', id: expect.anything() },
      });
      const initializeId = (seen[0]!.message as { id: unknown }).id;
      expect(seen[1]).toMatchObject({
        direction: 'received',
        message: {
          id: initializeId,
          result: {
            protocolVersion: expect.any(String),
            serverInfo: { name: expect.any(String), version: expect.any(String) },
            capabilities: expect.any(Object),
          },
        },
      });
      expect(seen[2]).toEqual({
        direction: 'sent',
        message: { jsonrpc: '2.0', method: 'notifications/initialized' },
      });
      expect(seen[3]).toMatchObject({ direction: 'sent', message: { method: 'tools/list' } });
      const listId = (seen[3]!.message as { id: unknown }).id;
      expect(seen.slice(4)).toContainEqual(
        expect.objectContaining({ direction: 'received', message: expect.objectContaining({ id: listId }) }),
      );
    },
  );
});
