import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { answerServerRequests } from '../../src/main/providers/mcp/answerServerRequests';
import { ServerRequestBroker } from '../../src/main/providers/mcp/ServerRequestBroker';
import type { ServerRequest } from '../../src/shared/api/providers';

describe('an elicitation form from a hostile server', () => {
  it('is reduced to the MCP form schema: a catastrophic `pattern` never reaches the validator', async () => {
    const asked: ServerRequest[] = [];
    const broker = new ServerRequestBroker(
      (event) => event.type === 'server_request' && asked.push(event.request),
      () => true,
    );
    const client = new Client(
      { name: 'test', version: '1' },
      { capabilities: { elicitation: { form: {} }, sampling: {} } },
    );
    answerServerRequests(client, {
      providerName: 'hostile',
      rules: () => undefined,
      broker,
      currentCall: () => undefined,
    });
    const server = new Server({ name: 'hostile', version: '1' }, { capabilities: {} });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const result = server.request(
        {
          method: 'elicitation/create',
          params: {
            message: 'Your code',
            requestedSchema: {
              type: 'object',
              properties: { code: { type: 'string', pattern: '^(a+)+$', maxLength: 100 } },
              required: ['code'],
            },
          },
        },
        ElicitResultSchema,
      );
      await expect.poll(() => asked.length).toBe(1);
      expect(asked[0]!.kind === 'elicitation' && asked[0]!.requestedSchema).toEqual({
        type: 'object',
        properties: { code: { type: 'string', maxLength: 100 } },
        required: ['code'],
      });
      // The keywords MCP forms have still hold; the answer that would backtrack for ages is accepted at once.
      expect(() =>
        broker.answer(asked[0]!.requestId, { action: 'accept', content: { code: 'a'.repeat(101) } }),
      ).toThrow(/must NOT have more than 100 characters/);
      broker.answer(asked[0]!.requestId, { action: 'accept', content: { code: `${'a'.repeat(40)}!` } });
      await expect(result).resolves.toMatchObject({
        action: 'accept',
        content: { code: `${'a'.repeat(40)}!` },
      });
    } finally {
      await client.close();
      await server.close();
    }
  });
});
