import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapMcpCallResult } from '../../src/main/providers/mcp/mapMcpCallResult';
import { findMcpResources, MAX_TEXT } from '../../src/shared/view/findMcpResources';
import { SERVER_EVERYTHING } from '../support/serverEverything';

describe('MCP resource links and embedded resources in a value', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] }),
    );
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  async function guestValue(name: string, args: Record<string, unknown>) {
    const result = await client.callTool({ name, arguments: args });
    return mapMcpCallResult(result as Parameters<typeof mapMcpCallResult>[0], name);
  }

  it("finds server-everything's resource links, leaving the guest value as it was", async () => {
    const value = await guestValue('get-resource-links', { count: 3 });
    const before = JSON.stringify(value);
    const links = findMcpResources(value);
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link).toMatchObject({
        kind: 'link',
        uri: expect.stringMatching(/^demo:\/\//),
        path: expect.stringMatching(/^\$\[\d\]$/),
      });
      expect(link.text).toBeUndefined();
    }
    expect(JSON.stringify(value)).toBe(before);
  }, 60_000);

  it("finds server-everything's embedded text resource with its URI, type and text", async () => {
    const value = await guestValue('get-resource-reference', { resourceType: 'Text', resourceId: 2 });
    const [resource, ...rest] = findMcpResources(value);
    expect(rest).toEqual([]);
    expect(resource).toMatchObject({
      kind: 'embedded',
      uri: expect.stringContaining('2'),
      mimeType: expect.stringMatching(/^text\//),
      text: expect.any(String),
    });
    expect(resource!.text!.length).toBeGreaterThan(0);
  }, 60_000);

  it('gives an embedded blob its size, cuts long text, and ignores look-alikes', () => {
    const blob = { type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AAECAw==' } };
    expect(findMcpResources({ content: [blob] })).toEqual([
      { path: '$.content[0]', kind: 'embedded', uri: 'file:///a.bin', bytes: 4 },
    ]);
    const long = {
      type: 'resource',
      resource: { uri: 'x:1', mimeType: 'text/plain', text: 'a'.repeat(10_000) },
    };
    expect(findMcpResources(long)).toMatchObject([{ text: 'a'.repeat(MAX_TEXT), truncated: true }]);
    // A link whose URI is script stays text: it is only displayed, never made clickable.
    expect(findMcpResources({ type: 'resource_link', uri: 'javascript:alert(1)', name: 7 })).toEqual([
      { path: '$', kind: 'link', uri: 'javascript:alert(1)' },
    ]);
    expect(findMcpResources({ type: 'resource_link', uri: 42 })).toEqual([]);
    expect(findMcpResources({ type: 'resource', resource: 'file:///x' })).toEqual([]);
    expect(findMcpResources({ type: 'resource', resource: [{ uri: 'x' }] })).toEqual([]);
    expect(findMcpResources({ type: 'resource', resource: { text: 'no uri' } })).toEqual([]);
    const link = { type: 'resource_link', uri: 'x:1' };
    expect(findMcpResources(Array.from({ length: 100 }, () => link))).toHaveLength(20);
    let deep: unknown = link;
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(findMcpResources(deep)).toEqual([]);
  });
});
