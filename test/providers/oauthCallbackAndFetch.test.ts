import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthCallbackListener } from '../../src/main/app/startOAuthCallbackListener';
import {
  createRecordingFetch,
  type RecordedExchange,
} from '../../src/main/providers/mcp/createRecordingFetch';
import { OAuthSignIns } from '../../src/main/providers/mcp/OAuthSignIns';
import { startPlaygroundServer } from '../../src/main/faces/browserServer/startPlaygroundServer';
import { createPlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { createFakeExecutor, createFakeWorkspaceHost, done } from '../app/fakes';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the loopback OAuth callback', () => {
  it('finishes only a sign-in this host started, once, and says what happened in words', async () => {
    const signIns = new OAuthSignIns();
    const listener = await startOAuthCallbackListener((query) => signIns.complete(query));
    cleanups.push(() => listener.close());
    expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
    const codes: string[] = [];
    signIns.expect('s1', {
      providerName: '<b>remote</b>',
      complete: async (code) => void codes.push(code),
      refused: () => undefined,
    });

    const forged = await fetch(`${listener.url}?code=c&state=guess`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('This sign-in is unknown or too old');

    const good = await fetch(`${listener.url}?code=the-code&state=s1`);
    expect(good.status).toBe(200);
    const page = await good.text();
    expect(page).toContain('Signed in to &#60;b&#62;remote&#60;/b&#62;.');
    expect(page).not.toContain('<b>remote');
    expect(good.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(codes).toEqual(['the-code']);
    expect((await fetch(`${listener.url}?code=again&state=s1`)).status).toBe(400);
    expect(codes).toEqual(['the-code']);

    expect((await fetch(new URL('/other', listener.url))).status).toBe(404);
    expect((await fetch(listener.url, { method: 'POST' })).status).toBe(405);
  });

  it('is a route of execbox serve that needs no token but keeps the Host check', async () => {
    const host = createPlaygroundHost({
      workspaceHost: createFakeWorkspaceHost(),
      createExecutor: () => createFakeExecutor(async () => done()),
    });
    cleanups.push(() => host.dispose());
    const signIns = new OAuthSignIns();
    const server = await startPlaygroundServer({
      host,
      rendererDir: '/nonexistent',
      port: 0,
      oauthCallback: (query) => signIns.complete(query),
    });
    cleanups.push(() => server.close());
    const answer = await fetch(`http://127.0.0.1:${server.port}/oauth/callback?state=x&code=y`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('unknown or too old');
    // fetch cannot set Host: a DNS-rebinding page's request, by hand.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/oauth/callback?state=x',
          headers: { host: 'evil.example' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      )
        .on('error', reject)
        .end(),
    );
    expect(status).toBe(421);
  });
});

describe('createRecordingFetch', () => {
  const answer = (body: unknown, init: ResponseInit = {}) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' }, ...init });

  it('keeps no credential: the Authorization header and token fields are masked', async () => {
    const seen: RecordedExchange[] = [];
    const fetchFn = createRecordingFetch(
      () => 'token',
      (exchange) => seen.push(exchange),
      async () =>
        answer({
          access_token: 'AT-SECRET',
          refresh_token: 'RT-SECRET',
          client_secret: 'CS',
          token_type: 'bearer',
          expires_in: 60,
        }),
    );
    const response = await fetchFn('http://127.0.0.1:1/token', {
      method: 'POST',
      headers: { authorization: 'Basic Y2xpZW50OnNlY3JldA==', cookie: 'session=1' },
      body: 'grant_type=authorization_code&code=CODE',
    });
    expect(await response.json()).toMatchObject({ access_token: 'AT-SECRET' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      step: 'token',
      method: 'POST',
      status: 200,
      body: 'json',
      requestHeaders: { authorization: 'Basic «masked»' },
      summary: {
        access_token: '«masked»',
        refresh_token: '«masked»',
        client_secret: '«masked»',
        expires_in: 60,
      },
    });
    const text = JSON.stringify(seen);
    for (const secret of ['AT-SECRET', 'RT-SECRET', 'Y2xpZW50', 'session=1', '"CS"'])
      expect(text).not.toContain(secret);
  });

  it('names the JSON-RPC method, the session and protocol headers, and SSE answers', async () => {
    const seen: RecordedExchange[] = [];
    const fetchFn = createRecordingFetch(
      () => 'mcp',
      (exchange) => seen.push(exchange),
      async () =>
        new Response('event: message\n\n', {
          headers: { 'content-type': 'text/event-stream', 'mcp-session-id': 'sess-1' },
        }),
    );
    await fetchFn('http://127.0.0.1:1/mcp', {
      method: 'POST',
      headers: { 'mcp-protocol-version': '2025-06-18', 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'tools/call' },
        { jsonrpc: '2.0', id: 2, result: {} },
      ]),
    });
    expect(seen[0]).toMatchObject({
      step: 'mcp',
      rpcMethod: 'tools/call, response',
      body: 'sse',
      requestHeaders: { 'mcp-protocol-version': '2025-06-18' },
      responseHeaders: { 'mcp-session-id': 'sess-1', 'content-type': 'text/event-stream' },
    });
    expect(seen[0]!.summary).toBeUndefined();
  });

  it('records a request that got no answer, and passes the failure on', async () => {
    const seen: RecordedExchange[] = [];
    const fetchFn = createRecordingFetch(
      () => 'resource metadata',
      (exchange) => seen.push(exchange),
      async () => {
        throw new TypeError('fetch failed');
      },
    );
    await expect(fetchFn('http://127.0.0.1:1/.well-known/oauth-protected-resource')).rejects.toThrow(
      'fetch failed',
    );
    expect(seen[0]).toMatchObject({ step: 'resource metadata', error: 'fetch failed', responseHeaders: {} });
    expect(seen[0]!.status).toBeUndefined();
  });
});
