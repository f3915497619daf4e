import { afterEach, describe, expect, it } from 'vitest';
import type {
  McpPage,
  McpPromptInfo,
  McpResourceInfo,
  McpResourceTemplateInfo,
  McpServerInfo,
  McpTrafficMessage,
} from '../../src/shared/api/mcpInspect';
import type { PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { secretMaskToken } from '../../src/shared/secretMaskToken';
import { startRendererView, type RendererView } from '../secrets/hostHarness';
import { serverEverythingStdio } from '../support/serverEverything';

const TOKEN = 'tr-7Hq1+traffic/secret';

let view: RendererView | undefined;
afterEach(async () => {
  await view?.dispose();
  view = undefined;
});

async function everything(secrets: Record<string, string> = {}, env?: Record<string, string>) {
  return startRendererView(
    () => [
      {
        id: 'ev',
        name: 'everything',
        kind: 'mcp',
        transport: { ...serverEverythingStdio(), ...(env ? { env } : {}) },
      },
    ],
    secrets,
  );
}

async function trafficWhen(
  v: RendererView,
  done: (messages: McpTrafficMessage[]) => boolean,
): Promise<McpTrafficMessage[]> {
  for (;;) {
    const messages = (await v.call('providers', 'mcpTraffic', 'ev')) as McpTrafficMessage[];
    if (done(messages)) return messages;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function failure(v: RendererView, method: string, ...args: unknown[]): Promise<string> {
  const answer = await v.callRaw('providers', method, ...args);
  expect(answer.ok).toBe(false);
  return answer.ok ? '' : answer.error.message;
}

describe('raw MCP traffic per server', { timeout: 90_000 }, () => {
  it('records initialize, tools/list and each tools/call with time, direction and size, linked both ways to the transcript', async () => {
    view = await everything({ EV_TOKEN: TOKEN }, { EV_TOKEN: '${secret:EV_TOKEN}' });
    const { runId, result } = await view.run(
      `const a = await everything.echo({ message: 'one ${TOKEN}' });\nconst b = await everything.echo({ message: 'two' });\nreturn [a, b];`,
    );
    expect(result).toMatchObject({ ok: true });
    const traffic = await trafficWhen(view, (got) =>
      got.some((m) => m.method === 'tools/call' && m.direction === 'received'),
    );

    const init = traffic.find((m) => m.method === 'initialize' && m.kind === 'response')!;
    expect(init).toMatchObject({ direction: 'received', connection: 1 });
    expect(init.message).toMatchObject({ result: { serverInfo: { name: expect.any(String) } } });
    expect(traffic.find((m) => m.method === 'initialize')!.direction).toBe('sent');
    expect(traffic.some((m) => m.method === 'notifications/initialized' && m.kind === 'notification')).toBe(
      true,
    );
    expect(traffic.some((m) => m.method === 'tools/list' && m.kind === 'response')).toBe(true);
    const mask = secretMaskToken('EV_TOKEN');
    for (const message of traffic) {
      // The size is the one on the wire: a masked secret may be longer or shorter than its mask.
      if (!JSON.stringify(message.message).includes(mask))
        expect(message.bytes).toBe(Buffer.byteLength(JSON.stringify(message.message), 'utf8'));
      expect(message.at).toBeGreaterThan(0);
    }
    for (let i = 1; i < traffic.length; i++) expect(traffic[i]!.seq).toBe(traffic[i - 1]!.seq + 1);

    // The transcript names each call's JSON-RPC request; the traffic names each request's call.
    const entries = (await view.call('runs', 'transcript', runId)) as TranscriptEntry[];
    const links = entries.flatMap((entry) =>
      entry.kind === 'event' && entry.event.type === 'mcp_request' ? [entry.event] : [],
    );
    const calls = entries.flatMap((entry) =>
      entry.kind === 'message' && entry.message.type === 'tool_call' ? [entry.message.callId] : [],
    );
    expect(links.map((link) => link.callId)).toEqual(calls);
    for (const link of links) {
      const pair = traffic.filter((m) => m.rpcId === link.rpcId && m.connection === link.connection);
      expect(pair.map((m) => [m.direction, m.kind, m.method, m.callId])).toEqual([
        ['sent', 'request', 'tools/call', link.callId],
        ['received', 'response', 'tools/call', link.callId],
      ]);
    }
    // The secret the guest passed on is masked in the raw request, in the list and in events.
    const first = traffic.find((m) => m.callId === links[0]!.callId && m.direction === 'sent')!;
    expect(JSON.stringify(first.message)).toContain(mask);
    for (const text of view.received) expect(text).not.toContain(TOKEN);
    const events = view.received
      .map((text) => JSON.parse(text) as PlaygroundEvent)
      .filter((event) => 'channel' in event && event.type === 'mcp_traffic');
    expect(events.length).toBeGreaterThan(0);

    await view.call('providers', 'clearMcpTraffic', 'ev');
    expect(await view.call('providers', 'mcpTraffic', 'ev')).toEqual([]);
  });

  it("answers the server's info: name, version, negotiated protocol version and capabilities", async () => {
    view = await everything();
    const info = (await view.call('providers', 'mcpServer', 'ev')) as McpServerInfo;
    expect(info.name).toBeTruthy();
    expect(info.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.capabilities).toHaveProperty('resources');
    expect(info.capabilities).toHaveProperty('prompts');
  });
});

describe("an MCP server's resources and prompts", { timeout: 90_000 }, () => {
  it('lists resources and templates, reads text and binary contents with their sizes', async () => {
    view = await everything();
    const resources = (await view.call('providers', 'listResources', 'ev')) as McpPage<McpResourceInfo>;
    expect(resources.items.length).toBeGreaterThan(0);
    const templates = (await view.call(
      'providers',
      'listResourceTemplates',
      'ev',
    )) as McpPage<McpResourceTemplateInfo>;
    expect(templates.items.map((t) => t.uriTemplate)).toContain('demo://resource/dynamic/text/{resourceId}');

    const doc = resources.items[0]!;
    const read = (await view.call('providers', 'readResource', 'ev', doc.uri)) as {
      contents: { uri: string; text?: string; bytes: number }[];
    };
    expect(read.contents[0]!.uri).toBe(doc.uri);
    expect(read.contents[0]!.bytes).toBe(Buffer.byteLength(read.contents[0]!.text!, 'utf8'));

    const blob = (await view.call('providers', 'readResource', 'ev', 'demo://resource/dynamic/blob/3')) as {
      contents: { blob?: string; bytes: number }[];
    };
    expect(Buffer.from(blob.contents[0]!.blob!, 'base64').length).toBe(blob.contents[0]!.bytes);
    expect(Buffer.from(blob.contents[0]!.blob!, 'base64').toString()).toContain('Resource 3');
  });

  it('refuses URIs the server does not offer, and bad arguments, naming what is wrong', async () => {
    view = await everything();
    expect(await failure(view, 'readResource', 'ev', 'file:///etc/passwd')).toContain(
      'provider \'everything\' does not offer the resource "file:///etc/passwd"',
    );
    expect(await failure(view, 'readResource', 'ev', 'demo://resource/dynamic/text/1/../../x')).toContain(
      'does not offer',
    );
    expect(await failure(view, 'readResource', 'ev', 'demo://x\n')).toContain('control characters');
    expect(await failure(view, 'readResource', 'ev', 'x'.repeat(10_000))).toContain('at most 8192');
    expect(await failure(view, 'readResource', 'ev', 42)).toContain('uri must be a non-empty string');
    expect(await failure(view, 'listResources', 'nope')).toContain("no provider has id 'nope'");
    // Nothing reached the server for the refused reads.
    const traffic = (await view.call('providers', 'mcpTraffic', 'ev')) as McpTrafficMessage[];
    const reads = traffic.filter((m) => m.method === 'resources/read' && m.direction === 'sent');
    expect(reads).toEqual([]);
  });

  it('gets a prompt with its arguments, and refuses unknown, missing and oversized ones', async () => {
    view = await everything();
    const prompts = (await view.call('providers', 'listPrompts', 'ev')) as McpPage<McpPromptInfo>;
    const args = prompts.items.find((p) => p.name === 'args-prompt')!;
    expect(args.arguments).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'city', required: true })]),
    );
    const got = (await view.call('providers', 'getPrompt', 'ev', 'args-prompt', { city: 'Oslo' })) as {
      messages: { content: { text: string } }[];
    };
    expect(got.messages[0]!.content.text).toContain('Oslo');

    expect(await failure(view, 'getPrompt', 'ev', 'args-prompt', {})).toContain("needs the argument 'city'");
    expect(
      await failure(view, 'getPrompt', 'ev', 'args-prompt', JSON.parse('{"city":"x","__proto__":"y"}')),
    ).toContain("has no argument '__proto__'");
    expect(await failure(view, 'getPrompt', 'ev', 'args-prompt', { city: { toString: 1 } })).toContain(
      'args.city must be a string',
    );
    expect(await failure(view, 'getPrompt', 'ev', 'args-prompt', { city: 'x'.repeat(200_000) })).toContain(
      'longer than 100000',
    );
    expect(await failure(view, 'getPrompt', 'ev', 'no-such-prompt', {})).toContain('no prompt named');
  });

  it('subscribes to a resource and passes its updates on as events', async () => {
    view = await everything();
    const uri = 'demo://resource/dynamic/text/1';
    await view.call('providers', 'subscribeResource', 'ev', uri);
    await view.run('await everything.toggle_subscriber_updates({}); return 1;');
    const updated = () =>
      view!.received
        .map((text) => JSON.parse(text) as PlaygroundEvent)
        .some((event) => 'channel' in event && event.type === 'resource_updated' && event.uri === uri);
    await expect.poll(updated, { timeout: 20_000 }).toBe(true);
    await view.call('providers', 'unsubscribeResource', 'ev', uri);
    expect(await failure(view, 'subscribeResource', 'ev', 'file:///etc/passwd')).toContain('does not offer');
  });
});

describe('guest code reads resources through $readResource', { timeout: 90_000 }, () => {
  it('reads a listed resource and a templated one, lists them, and is refused any other URI', async () => {
    view = await everything();
    const { result } = await view.run(`
      const list = await everything.$listResources();
      const doc = await everything.$readResource({ uri: list.resources[0].uri });
      const dynamic = await everything.$readResource({ uri: 'demo://resource/dynamic/text/7' });
      let refused;
      try { await everything.$readResource({ uri: 'file:///etc/passwd' }); } catch (e) { refused = e.code + ': ' + e.message; }
      return { templates: list.templates.length, doc: doc.contents[0].uri === list.resources[0].uri, dynamic: dynamic.contents[0].text, refused };
    `);
    expect(result).toMatchObject({ ok: true });
    const value = (
      result as { result: { templates: number; doc: boolean; dynamic: string; refused: string } }
    ).result;
    expect(value.templates).toBeGreaterThan(0);
    expect(value.doc).toBe(true);
    expect(value.dynamic).toContain('Resource 7');
    expect(value.refused).toMatch(
      /^validation_error: .*does not offer the resource "file:\/\/\/etc\/passwd"/,
    );
  });

  it('has typings for the resource tools', async () => {
    view = await everything();
    const declarations = (await view.call('providers', 'declarations')) as string;
    expect(declarations).toContain('function $readResource(input: ');
    expect(declarations).toContain('function $listResources(input?: ');
  });
});
