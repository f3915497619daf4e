import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { OAuthSignIns, type McpOAuthContext } from '../../src/main/providers/mcp/OAuthSignIns';
import type { ProviderStatus } from '../../src/shared/api/providers';
import { startHost, tempDir, writeWorkspace, type HostFixture } from '../workspace/hostFixture';
// @ts-expect-error: a plain ES module fixture, typed by its use here
import { startOAuthMcpServer } from '../fixtures/oauth/oauthMcpServer.mjs';

interface OAuthFixture {
  url: string;
  base: string;
  counts: Record<'registrations' | 'authorizations' | 'tokens' | 'refreshes' | 'toolCalls', number>;
  tokens(): string[];
  expireAccessTokens(): void;
  revokeAll(): void;
  stop(): Promise<void>;
}

const start = startOAuthMcpServer as (options?: object) => Promise<OAuthFixture>;
const CALLBACK = 'http://127.0.0.1:9/oauth/callback';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(serverOptions: object = {}, oauthSettings?: object) {
  const server = await start(serverOptions);
  cleanups.push(() => server.stop());
  const dir = await tempDir();
  const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {
    providers: [
      {
        id: 'secure',
        name: 'secure',
        kind: 'mcp',
        transport: { type: 'http', url: server.url, ...(oauthSettings ? { oauth: oauthSettings } : {}) },
      },
    ],
  });
  const oauth: McpOAuthContext = { redirectUrl: () => CALLBACK, signIns: new OAuthSignIns() };
  const fixture: HostFixture = await startHost({ workspacePath: file, oauth });
  cleanups.push(() => fixture.host.dispose());
  return { server, file, dir, oauth, ...fixture };
}

async function status(fixture: HostFixture): Promise<ProviderStatus> {
  await fixture.host.resolvedProviders();
  return (await fixture.host.providers.list())[0]!;
}

/** What a browser does with the authorization page: follow it to the redirect and come back. */
async function signInAsBrowser(fixture: HostFixture & { oauth: McpOAuthContext }) {
  const start = await fixture.host.providers.signIn('secure');
  if (!('authorizationUrl' in start)) throw new Error('expected an authorization page');
  const answer = await fetch(start.authorizationUrl, { redirect: 'manual' });
  const location = new URL(answer.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  return fixture.oauth.signIns.complete(location.searchParams);
}

async function whoami(fixture: HostFixture) {
  const executor = createInProcessExecutor();
  cleanups.push(() => executor.dispose());
  const result = await executor.execute(
    'return await secure.whoami({})',
    await fixture.host.resolvedProviders(),
    {
      timeoutMs: 30_000,
    },
  );
  return result;
}

async function steps(fixture: HostFixture) {
  return (await fixture.host.providers.mcpTraffic('secure'))
    .filter((m) => m.kind === 'http')
    .map((m) => `${m.http!.step} ${m.http!.status ?? '-'}`);
}

describe('OAuth 2.1 for HTTP MCP providers', { timeout: 60_000 }, () => {
  it('asks for sign-in, signs in through the redirect, calls a tool with the token, keeps tokens out of files', async () => {
    const fixture = await setUp();
    const before = await status(fixture);
    expect(before.state).toBe('needs_sign_in');
    expect(before.error).toMatch(/asks you to sign in \(OAuth\): press "Sign in"/);
    expect(fixture.server.counts.registrations).toBe(1);

    const outcome = await signInAsBrowser(fixture);
    expect(outcome).toEqual({
      ok: true,
      message: 'Signed in to secure. You can close this tab and go back to the playground.',
    });
    await expect.poll(async () => (await status(fixture)).state, { timeout: 20_000 }).toBe('ready');
    expect((await status(fixture)).signedIn).toBe(true);
    expect(await whoami(fixture)).toMatchObject({
      ok: true,
      result: expect.stringMatching(/^client /),
    });

    const seen = await steps(fixture);
    expect(seen).toEqual(
      expect.arrayContaining([
        'mcp 401',
        'resource metadata 200',
        'authorization server metadata 200',
        'registration 201',
        'authorization -',
        'authorization 302',
        'token 200',
        'mcp 200',
      ]),
    );
    const traffic = await fixture.host.providers.mcpTraffic('secure');
    const token = traffic.find((m) => m.http?.step === 'token')!.http!;
    expect(token.summary).toMatchObject({
      access_token: '«masked»',
      refresh_token: '«masked»',
      token_type: 'bearer',
    });
    const call = traffic.find((m) => m.kind === 'http' && m.method === 'tools/call')!.http!;
    expect(call).toMatchObject({
      method: 'POST',
      status: 200,
      body: 'sse',
      requestHeaders: { authorization: 'Bearer «masked»', 'mcp-protocol-version': expect.any(String) },
    });
    expect(call.ms).toBeGreaterThanOrEqual(0);

    // Tokens live in the secret store only: not in the workspace, the traffic or any other file.
    const tokens = fixture.server.tokens();
    expect(tokens.length).toBeGreaterThan(0);
    const configFiles = await readdir(fixture.configDir, { recursive: true, withFileTypes: true });
    for (const entry of configFiles.filter((e) => e.isFile())) {
      const text = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
      const holds = tokens.some((t) => text.includes(t));
      expect([entry.name, holds]).toEqual([entry.name, entry.name === 'secrets.json']);
    }
    const workspaceText = await readFile(fixture.file, 'utf8');
    const trafficText = JSON.stringify(traffic);
    for (const t of tokens) {
      expect(workspaceText).not.toContain(t);
      expect(trafficText).not.toContain(t);
    }
  });

  it('refreshes an access token the server no longer takes, and one about to end before it is used', async () => {
    const fixture = await setUp({ reportedTtlSeconds: 1 });
    await status(fixture);
    await signInAsBrowser(fixture);
    await expect.poll(async () => (await status(fixture)).state, { timeout: 20_000 }).toBe('ready');
    // Said to last 1 s: half of it gone, the next request refreshes first (the server would still take it).
    await new Promise((resolve) => setTimeout(resolve, 700));
    const before = (await steps(fixture)).length;
    expect(await whoami(fixture)).toMatchObject({ ok: true });
    const during = (await steps(fixture)).slice(before);
    expect(during).toContain('refresh 200');
    expect(during).not.toContain('mcp 401');
    expect(fixture.server.counts.refreshes).toBeGreaterThanOrEqual(1);

    const refreshed = fixture.server.counts.refreshes;
    fixture.server.expireAccessTokens();
    expect(await whoami(fixture)).toMatchObject({ ok: true });
    expect(fixture.server.counts.refreshes).toBeGreaterThan(refreshed);
    expect(await steps(fixture)).toContain('refresh 200');
  });

  it('a revoked token leads back to "Sign in", and signing out forgets the tokens', async () => {
    const fixture = await setUp();
    await status(fixture);
    await signInAsBrowser(fixture);
    await expect.poll(async () => (await status(fixture)).state, { timeout: 20_000 }).toBe('ready');
    fixture.server.revokeAll();
    const result = await whoami(fixture);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'tool_error', message: expect.stringMatching(/sign in again/) },
    });
    expect((await fixture.host.providers.list())[0]!.state).toBe('needs_sign_in');

    await signInAsBrowser(fixture);
    await expect.poll(async () => (await status(fixture)).state, { timeout: 20_000 }).toBe('ready');
    const signedOut = await fixture.host.providers.signOut('secure');
    expect(signedOut.state).toBe('needs_sign_in');
    expect(signedOut.signedIn).toBe(false);
    const secrets = await readFile(path.join(fixture.configDir, 'secrets.json'), 'utf8').catch(() => '{}');
    // The client registration may stay (it is no credential of the person); the tokens are gone.
    expect(Object.keys(JSON.parse(secrets) as object).filter((n) => /^OAUTH_.*TOKEN/.test(n))).toEqual([]);
  });

  it('says which step failed when registration is refused, or not offered', async () => {
    const refused = await setUp({ registration: 'refuse' });
    expect(await status(refused)).toMatchObject({
      state: 'error',
      error:
        'registration failed: the authorization server answered invalid_client_metadata: this authorization server registers no new clients',
    });
    expect(await steps(refused)).toContain('registration 400');

    const none = await setUp({ registration: 'none' });
    expect((await status(none)).error).toMatch(
      /^registration failed: the authorization server has no registration endpoint: enter a client id/,
    );
  });

  it('says a server that answers 401 without OAuth wants a token in the headers', async () => {
    const plain = createServer((_request, response) =>
      response.writeHead(401, { 'www-authenticate': 'Bearer realm="plain"' }).end(),
    );
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => plain.close(() => resolve())));
    const dir = await tempDir();
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {
      providers: [
        {
          id: 'secure',
          name: 'secure',
          kind: 'mcp',
          transport: { type: 'http', url: `http://127.0.0.1:${(plain.address() as AddressInfo).port}/mcp` },
        },
      ],
    });
    const fixture = await startHost({
      workspacePath: file,
      oauth: { redirectUrl: () => CALLBACK, signIns: new OAuthSignIns() },
    });
    cleanups.push(() => fixture.host.dispose());
    expect(await status(fixture)).toMatchObject({
      state: 'error',
      error:
        "resource metadata failed: the server refused the request (401) but names no OAuth authorization server: it probably wants a token in the provider's headers",
    });
  });

  it('uses a client id the person entered where the server registers none', async () => {
    const fixture = await setUp(
      { registration: 'none', preRegistered: { client_id: 'entered-by-hand', redirect_uris: [CALLBACK] } },
      { clientId: 'entered-by-hand' },
    );
    expect((await status(fixture)).state).toBe('needs_sign_in');
    await signInAsBrowser(fixture);
    await expect.poll(async () => (await status(fixture)).state, { timeout: 20_000 }).toBe('ready');
    expect(await whoami(fixture)).toMatchObject({
      ok: true,
      result: 'client entered-by-hand',
    });
    expect(fixture.server.counts.registrations).toBe(0);
  });

  it('refuses a callback it did not start, and says when the person refused', async () => {
    const fixture = await setUp();
    await status(fixture);
    expect(
      await fixture.oauth.signIns.complete(new URLSearchParams({ code: 'x', state: 'forged' })),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/unknown or too old/),
    });
    const start = await fixture.host.providers.signIn('secure');
    const state = new URL((start as { authorizationUrl: string }).authorizationUrl).searchParams.get(
      'state',
    )!;
    const outcome = await fixture.oauth.signIns.complete(
      new URLSearchParams({ state, error: 'access_denied', error_description: 'the person said no' }),
    );
    expect(outcome.message).toBe(
      'Sign-in to secure failed: the authorization server refused: access_denied (the person said no).',
    );
    // Single use: the same state again is refused.
    expect((await fixture.oauth.signIns.complete(new URLSearchParams({ state, code: 'x' }))).ok).toBe(false);
  });
});
