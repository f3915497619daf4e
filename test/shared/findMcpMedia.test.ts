import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { mapMcpCallResult } from '../../src/main/providers/mcp/mapMcpCallResult';
import { findMcpMedia } from '../../src/shared/view/findMcpMedia';
import { SERVER_EVERYTHING } from '../support/serverEverything';

describe('MCP images and audio in a value', () => {
  it("finds server-everything's tiny image in the value the guest receives", async () => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] }),
    );
    try {
      const result = await client.callTool({ name: 'get-tiny-image', arguments: {} });
      const value = mapMcpCallResult(result as Parameters<typeof mapMcpCallResult>[0], 'get-tiny-image');
      const media = findMcpMedia(value);
      expect(media).toHaveLength(1);
      expect(media[0]).toMatchObject({
        kind: 'image',
        mimeType: 'image/png',
        path: expect.stringMatching(/^\$\[\d\]$/),
      });
      expect(media[0]!.bytes).toBe(Buffer.from(media[0]!.data, 'base64').length);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('ignores look-alikes: SVG, mismatched kinds, non-base64 data, and stays bounded', () => {
    const png = { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' };
    expect(findMcpMedia({ a: { b: [png] } })).toMatchObject([{ path: '$.a.b[0]', bytes: 8 }]);
    expect(findMcpMedia({ ...png, mimeType: 'image/svg+xml' })).toEqual([]);
    expect(findMcpMedia({ ...png, type: 'audio' })).toEqual([]);
    expect(findMcpMedia({ ...png, data: '<script>' })).toEqual([]);
    expect(findMcpMedia(Array.from({ length: 100 }, () => png))).toHaveLength(20);
    let deep: unknown = png;
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(findMcpMedia(deep)).toEqual([]);
  });
});
