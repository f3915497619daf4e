import { createHash, randomBytes } from 'node:crypto';
import {
  auth,
  type AuthResult,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpHttpStep } from '../../../shared/api/mcpInspect';
import type { McpOAuthSettings } from '../../../shared/api/providers';
import { expandSecretRefs } from '../../secrets/expandSecretRefs';
import type { SecretStore } from '../../secrets/SecretStore';
import { OAuthStepError } from './SignInRequiredError';

/** A token that ends within this (or within half its lifetime, if shorter) is refreshed before it is used. */
const REFRESH_MARGIN_MS = 60_000;

interface TokenInfo {
  token_type: string;
  scope?: string;
  issuer?: string;
  /** Epoch ms when the access token ends, when the server said. */
  expiresAt?: number;
  /** Its lifetime in ms, as the server said. */
  lifetimeMs?: number;
}

/** The secret names one server's OAuth state lives under (names are shown; values never). */
function secretNames(serverUrl: string) {
  const key = `OAUTH_${createHash('sha256').update(serverUrl).digest('hex').slice(0, 12).toUpperCase()}`;
  return {
    access: `${key}_ACCESS_TOKEN`,
    refresh: `${key}_REFRESH_TOKEN`,
    info: `${key}_TOKEN_INFO`,
    client: `${key}_CLIENT`,
  };
}

function parseJson<T>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/**
 * The MCP SDK's OAuth client for one HTTP MCP server, keeping its tokens and client registration in
 * the secret store (never in the workspace). The SDK runs the flow (protected resource metadata,
 * authorization server metadata, registration, authorization code with PKCE, token, refresh); this
 * class stores what it hands over, refreshes a token about to end, and names a failed step in words.
 */
export class McpOAuthClient implements OAuthClientProvider {
  private readonly names: ReturnType<typeof secretNames>;
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  private refreshing = false;
  /** The authorization page the last flow wanted the browser at. */
  authorizationUrl: URL | undefined;
  /** The `state` of the last flow started, to match the callback. */
  lastState: string | undefined;
  /** The step of the last HTTP exchange, to say which step failed. */
  lastStep: McpHttpStep | undefined;

  constructor(
    readonly serverUrl: string,
    private readonly settings: McpOAuthSettings | undefined,
    private readonly secrets: SecretStore,
    private readonly callbackUrl: () => string,
    private readonly fetchFn: FetchLike,
    /** Told when tokens arrive or are forgotten. */
    private readonly signedInChanged: (signedIn: boolean) => void,
    /** The browser's part of authorization, for the traffic. */
    private readonly authorizationStarted: (url: URL) => void,
  ) {
    this.names = secretNames(serverUrl);
  }

  get redirectUrl(): string {
    return this.callbackUrl();
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Execbox Playground',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.settings?.scope ? { scope: this.settings.scope } : {}),
    };
  }

  state(): string {
    this.lastState = randomBytes(32).toString('base64url');
    return this.lastState;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    if (this.settings?.clientId) {
      const secret = this.settings.clientSecret
        ? await expandSecretRefs(
            this.settings.clientSecret,
            this.secrets,
            'transport.oauth.clientSecret',
            `OAuth authorization server of ${this.serverUrl}`,
          )
        : undefined;
      return { client_id: this.settings.clientId, ...(secret ? { client_secret: secret } : {}) };
    }
    const stored = parseJson<OAuthClientInformationMixed & { redirect_uris?: string[] }>(
      await this.secrets.get(this.names.client),
    );
    // Registered for another callback (browser mode on another port): register again.
    if (stored && (stored.redirect_uris ?? [this.redirectUrl]).includes(this.redirectUrl)) return stored;
    const metadata = this.discovery?.authorizationServerMetadata;
    if (this.discovery && !metadata && !this.discovery.resourceMetadata)
      throw new OAuthStepError(
        'resource metadata',
        "the server refused the request (401) but names no OAuth authorization server: it probably wants a token in the provider's headers",
      );
    if (this.discovery && !metadata?.registration_endpoint)
      throw new OAuthStepError(
        'registration',
        'the authorization server has no registration endpoint: enter a client id (registered there for the redirect URL ' +
          `${this.redirectUrl}) under the provider's OAuth settings`,
      );
    return undefined;
  }

  async saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    await this.secrets.set(this.names.client, JSON.stringify(information));
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    const stored = await this.storedTokens();
    if (!stored || this.refreshing || !stored.tokens.refresh_token) return stored?.tokens;
    const margin = Math.min(REFRESH_MARGIN_MS, (stored.lifetimeMs ?? Infinity) / 2);
    if (stored.expiresAt === undefined || stored.expiresAt - Date.now() > margin) return stored.tokens;
    // About to end: refresh now rather than be refused mid-request. A refusal leaves the old token,
    // which the server then refuses, and the provider asks for sign-in.
    this.refreshing = true;
    try {
      await auth(this, { serverUrl: this.serverUrl, fetchFn: this.fetchFn });
    } catch {
      // Said by the request that follows (401, then "Sign in").
    } finally {
      this.refreshing = false;
    }
    return (await this.storedTokens())?.tokens;
  }

  private async storedTokens(): Promise<
    { tokens: OAuthTokens; expiresAt?: number; lifetimeMs?: number } | undefined
  > {
    const access = await this.secrets.get(this.names.access);
    const info = parseJson<TokenInfo>(await this.secrets.get(this.names.info));
    if (!access || !info) return undefined;
    const refresh = await this.secrets.get(this.names.refresh);
    const tokens: OAuthTokens = {
      access_token: access,
      token_type: info.token_type,
      ...(refresh ? { refresh_token: refresh } : {}),
      ...(info.scope ? { scope: info.scope } : {}),
      ...(info.issuer ? { issuer: info.issuer } : {}),
      ...(info.expiresAt !== undefined
        ? { expires_in: Math.max(0, Math.floor((info.expiresAt - Date.now()) / 1000)) }
        : {}),
    };
    return {
      tokens,
      ...(info.expiresAt !== undefined ? { expiresAt: info.expiresAt } : {}),
      ...(info.lifetimeMs !== undefined ? { lifetimeMs: info.lifetimeMs } : {}),
    };
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.secrets.set(this.names.access, tokens.access_token);
    // A refresh that brings no new refresh token keeps the old one (OAuth 2.1 allows either).
    if (tokens.refresh_token) await this.secrets.set(this.names.refresh, tokens.refresh_token);
    const info: TokenInfo = {
      token_type: tokens.token_type,
      ...(tokens.scope ? { scope: tokens.scope } : {}),
      ...(tokens.issuer ? { issuer: tokens.issuer } : {}),
      ...(tokens.expires_in !== undefined
        ? { expiresAt: Date.now() + tokens.expires_in * 1000, lifetimeMs: tokens.expires_in * 1000 }
        : {}),
    };
    await this.secrets.set(this.names.info, JSON.stringify(info));
    this.signedInChanged(true);
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrl = authorizationUrl;
    this.authorizationStarted(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier)
      throw new OAuthStepError('token', 'no sign-in was started here (press "Sign in" again)');
    return this.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'client') await this.secrets.delete(this.names.client);
    if (scope === 'all' || scope === 'tokens') {
      for (const name of [this.names.access, this.names.refresh, this.names.info])
        await this.secrets.delete(name);
      this.signedInChanged(false);
    }
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  /** Whether tokens are stored for this server. */
  async signedIn(): Promise<boolean> {
    return (await this.secrets.get(this.names.access)) !== undefined;
  }

  /** Runs the SDK's flow once: AUTHORIZED (tokens stored) or REDIRECT (`authorizationUrl` set). */
  async run(authorizationCode?: string): Promise<AuthResult> {
    this.authorizationUrl = undefined;
    try {
      return await auth(this, {
        serverUrl: this.serverUrl,
        fetchFn: this.fetchFn,
        ...(authorizationCode !== undefined ? { authorizationCode } : {}),
      });
    } catch (error) {
      throw this.explain(error);
    }
  }

  /** An error of the flow, as the step that failed and why. */
  explain(error: unknown): Error {
    if (error instanceof OAuthStepError) return error;
    const step = this.lastStep ?? 'sign-in';
    if (error instanceof OAuthError)
      return new OAuthStepError(
        step,
        `the authorization server answered ${error.errorCode}: ${error.message}`,
      );
    return new OAuthStepError(step, error instanceof Error ? error.message : String(error));
  }

  /** What an exchange at `url` is for, from the discovered endpoints. */
  classify(url: URL, init: RequestInit | undefined): McpHttpStep {
    if (url.pathname.startsWith('/.well-known/oauth-protected-resource')) return 'resource metadata';
    if (
      url.pathname.startsWith('/.well-known/oauth-authorization-server') ||
      url.pathname.includes('/.well-known/openid-configuration')
    )
      return 'authorization server metadata';
    const metadata = this.discovery?.authorizationServerMetadata;
    const same = (endpoint: string | undefined) =>
      endpoint !== undefined && new URL(endpoint).href === url.href;
    if (same(metadata?.registration_endpoint) || (!metadata && url.pathname === '/register'))
      return 'registration';
    if (same(metadata?.token_endpoint) || (!metadata && url.pathname === '/token')) {
      const body =
        init?.body instanceof URLSearchParams ? init.body : new URLSearchParams(String(init?.body ?? ''));
      return body.get('grant_type') === 'refresh_token' ? 'refresh' : 'token';
    }
    return 'mcp';
  }
}
