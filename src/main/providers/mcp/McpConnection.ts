import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ErrorCode,
  LoggingMessageNotificationSchema,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import {
  DEFAULT_MCP_REQUEST_TIMEOUT_MS,
  MAX_TOTAL_TIMEOUT_FACTOR,
  type McpProviderConfig,
} from '../../../shared/api/providers';
import type { ToolExecutionContext, ToolProgress } from '../../engine/core/types';
import type { SecretStore } from '../../secrets/SecretStore';
import type { ProviderSourceListener } from '../ProviderSource';
import { toolError } from '../toolError';
import { answerServerRequests, type RunningCall } from './answerServerRequests';
import { connectMcpClient, type McpClientHandle } from './connectMcpClient';
import { createCallDeadline } from './createCallDeadline';
import type { ServerRequestBroker } from './ServerRequestBroker';
import { inFlightSignal } from './inFlightSignal';
import { mapMcpCallResult } from './mapMcpCallResult';
import { McpResourceCatalog } from './McpResourceCatalog';
import { McpTrafficRecorder } from './McpTrafficRecorder';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { SignInStart } from '../../../shared/api/providers';
import { createRecordingFetch, type RecordedExchange } from './createRecordingFetch';
import { OAuthStepError } from './SignInRequiredError';
import { McpOAuthClient } from './McpOAuthClient';
import type { McpOAuthContext } from './OAuthSignIns';

/** Where a sign-in would come back to when nobody can sign in here (the CLI): the flow stops before it. */
const NO_CALLBACK = 'http://127.0.0.1/oauth/callback';

/** The abort reason when a call reached its maximum total time. */
const OVERRAN = Symbol('maximum total time reached');
/** The SDK's own request timeout is left out (the longest a timer can wait); createCallDeadline applies ours. */
const NO_SDK_TIMEOUT_MS = 2_147_483_647;
/** Connecting and listing tools when the provider sets no request timeout. */
const SETUP_TIMEOUT_MS = 30_000;

/**
 * One MCP server connection, opened lazily and reopened on the next use after the server crashed,
 * closed the connection or stopped answering.
 */
export class McpConnection {
  private handle: McpClientHandle | undefined;
  private connecting: Promise<McpClientHandle> | undefined;
  private disposed = false;
  /** Aborted by dispose: stops a connection being opened (a restart racing a shutdown) and its server. */
  private readonly closing = new AbortController();
  private everConnected = false;
  /** Connections opened so far; the current one's traffic is numbered with it. */
  private connections = 0;
  private recorder: McpTrafficRecorder | undefined;
  /** Calls in flight, oldest first: a server's elicitation or sampling request is put down to the latest. */
  private readonly running = new Set<RunningCall>();
  readonly timeoutMs: number;
  /** Progress restarts the request timeout, but a call never lasts longer than this. */
  readonly maxTotalTimeoutMs: number;
  /** The configured timeout also bounds connecting and listing tools ("Test connection" too). */
  private readonly setupTimeoutMs: number;
  /** What the server lists: the only resources the app reads. */
  readonly catalog: McpResourceCatalog;
  /** HTTP and SSE servers: OAuth when the server asks, and every HTTP exchange recorded. */
  private readonly oauth: McpOAuthClient | undefined;
  private readonly fetch: FetchLike | undefined;

  constructor(
    private readonly config: McpProviderConfig,
    private readonly secrets: SecretStore,
    private readonly baseDir: string,
    private readonly listener: ProviderSourceListener,
    /** Stops connecting and listing tools (a connection test whose dialog closed). */
    private readonly setupSignal?: AbortSignal,
    private readonly serverRequests?: ServerRequestBroker,
    private readonly oauthContext?: McpOAuthContext,
  ) {
    this.timeoutMs = config.requestTimeoutMs ?? DEFAULT_MCP_REQUEST_TIMEOUT_MS;
    this.maxTotalTimeoutMs = Math.max(
      this.timeoutMs,
      config.maxTotalTimeoutMs ?? this.timeoutMs * MAX_TOTAL_TIMEOUT_FACTOR,
    );
    this.setupTimeoutMs = config.requestTimeoutMs ?? SETUP_TIMEOUT_MS;
    if (config.transport.type !== 'stdio') {
      this.fetch = createRecordingFetch(
        (url, init) => this.oauth?.classify(url, init) ?? 'mcp',
        (exchange) => this.recordHttp(exchange),
      );
      this.oauth = new McpOAuthClient(
        config.transport.url,
        config.transport.oauth,
        secrets,
        () => oauthContext?.redirectUrl() ?? NO_CALLBACK,
        this.fetch,
        (signedIn) => listener.oauthChanged?.(signedIn),
        (url) => this.recordHttp(authorizationStep(url)),
      );
    }
    this.catalog = new McpResourceCatalog(
      config.name,
      () => this.client(),
      () => this.setupTimeoutMs,
    );
  }

  async listTools(): Promise<Tool[]> {
    const { client } = await this.connected();
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, {
        timeout: this.setupTimeoutMs,
        ...(this.setupSignal ? { signal: this.setupSignal } : {}),
      });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  }

  async callTool(
    name: string,
    input: unknown,
    signal: AbortSignal,
    onProgress?: (progress: ToolProgress) => void,
    context?: ToolExecutionContext,
  ): Promise<unknown> {
    if (input !== undefined && (input === null || typeof input !== 'object' || Array.isArray(input))) {
      throw toolError('validation_error', `MCP tool '${name}' takes an object argument`);
    }
    const handle = await this.connected();
    let result: Awaited<ReturnType<typeof handle.client.callTool>>;
    // Our own deadline instead of the SDK's: it stops while a person answers the server's request,
    // and ends the call (telling the server to cancel it) exactly when a limit is reached.
    const timedOut = new AbortController();
    const deadline = createCallDeadline(this.timeoutMs, this.maxTotalTimeoutMs, (limit) =>
      timedOut.abort(
        limit === 'total'
          ? OVERRAN
          : new McpError(ErrorCode.RequestTimeout, `no answer within ${this.timeoutMs} ms`),
      ),
    );
    const running: RunningCall | undefined = context ? { context, deadline } : undefined;
    if (running) this.running.add(running);
    const cancelled = inFlightSignal(signal);
    try {
      const send = () =>
        handle.client.callTool({ name, arguments: (input ?? {}) as Record<string, unknown> }, undefined, {
          signal: AbortSignal.any([cancelled.signal, timedOut.signal]),
          timeout: NO_SDK_TIMEOUT_MS,
          onprogress: ({ progress, total, message }) => {
            deadline.progress();
            onProgress?.({
              progress,
              ...(total === undefined ? {} : { total }),
              ...(message === undefined ? {} : { message }),
            });
          },
        });
      result = await this.sendTagged(handle, send, context);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (timedOut.signal.reason === OVERRAN) throw this.overran(name);
      throw this.classify(error, name, handle);
    } finally {
      cancelled.release();
      deadline.dispose();
      if (running) this.running.delete(running);
    }
    return mapMcpCallResult(result, name);
  }

  /** The connected client (connecting first), for listing and reading resources and prompts. */
  async client(): Promise<Client> {
    return (await this.connected()).client;
  }

  /** The protocol version the server agreed to in `initialize`, when the traffic was recorded. */
  get protocolVersion(): string | undefined {
    return this.recorder?.protocolVersion;
  }

  /** How long a request other than a tool call may take. */
  get requestTimeoutMs(): number {
    return this.setupTimeoutMs;
  }

  /**
   * Sends the tools/call marked with the guest's call, so its raw request and answer lead back to
   * the transcript, which records the request's JSON-RPC id (`mcp_request`).
   */
  private sendTagged<T>(
    handle: McpClientHandle,
    send: () => Promise<T>,
    context?: ToolExecutionContext,
  ): Promise<T> {
    const recorder = this.recorder;
    if (!context?.callId || !recorder || this.handle !== handle) return send();
    const { sent, rpcId } = recorder.tagNextToolCall(context.callId, send);
    if (rpcId !== undefined)
      context.onEvent?.({
        type: 'mcp_request',
        callId: context.callId,
        providerName: context.providerName,
        connection: recorder.connection,
        rpcId,
      });
    return sent;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.closing.abort(new Error(`provider '${this.config.name}' was closed`));
    const handle = this.handle;
    this.handle = undefined;
    await Promise.all([handle?.close(), this.connecting?.catch(() => undefined)]);
  }

  /** Still reporting progress, so still alive: the call ends but the connection stays. */
  private overran(toolName: string): unknown {
    return toolError(
      'timeout',
      `MCP server of provider '${this.config.name}' did not finish ${toolName} within its maximum total of ${this.maxTotalTimeoutMs} ms (progress restarts the ${this.timeoutMs} ms request timeout, up to that total)`,
      { limitMs: this.maxTotalTimeoutMs },
    );
  }

  private classify(error: unknown, toolName: string, handle: McpClientHandle): unknown {
    const server = `MCP server of provider '${this.config.name}'`;
    if (error instanceof UnauthorizedError) {
      // The token was refused and could not be refreshed: only a person signing in again helps.
      const reason = `the MCP server refused the OAuth token and it could not be refreshed: sign in again`;
      this.drop(handle, reason, true);
      return toolError('tool_error', `${server} refused ${toolName}: ${reason}`);
    }
    if (!(error instanceof McpError)) {
      // Not an answer from the server: the transport failed (server gone, session lost). Start over next time.
      const reason = error instanceof Error ? error.message : String(error);
      this.drop(handle, `the MCP server could not be reached (${reason}); it is reconnected on the next use`);
      return toolError(
        'tool_error',
        `${server} could not be reached for ${toolName} (${reason}); it is reconnected on the next call`,
      );
    }
    if (error.code === ErrorCode.RequestTimeout) {
      // The SDK already sent notifications/cancelled for the request. One slow tool is no reason to
      // throw away the server's state: restart it only when it stops answering a ping too.
      void this.checkAnswering(handle, toolName);
      return toolError('timeout', `${server} did not answer ${toolName} within ${this.timeoutMs} ms`, {
        limitMs: this.timeoutMs,
      });
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      const tail = handle.stderrTail();
      return toolError(
        'tool_error',
        `${server} closed the connection during ${toolName}; it is restarted on the next call${tail ? `\nstderr: ${tail}` : ''}`,
      );
    }
    if (error.code === ErrorCode.InvalidParams) return toolError('validation_error', error.message);
    return toolError('tool_error', error.message);
  }

  private async connected(): Promise<McpClientHandle> {
    if (this.disposed) throw toolError('tool_error', `provider '${this.config.name}' was closed`);
    if (this.handle) return this.handle;
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<McpClientHandle> {
    const recorder = this.listener.trafficMessage
      ? new McpTrafficRecorder(++this.connections, this.listener.trafficMessage)
      : undefined;
    const handle = await connectMcpClient(this.config, this.secrets, this.baseDir, {
      timeoutMs: this.setupTimeoutMs,
      signal: this.setupSignal
        ? AbortSignal.any([this.setupSignal, this.closing.signal])
        : this.closing.signal,
      prepare: (client) =>
        answerServerRequests(client, {
          providerName: this.config.name,
          rules: () => this.config.serverRequests,
          ...(this.serverRequests ? { broker: this.serverRequests } : {}),
          currentCall: () => [...this.running].at(-1),
        }),
      onStderrLine: (text) => this.listener.consoleLine?.({ source: 'stderr', text }),
      ...(recorder ? { observe: (direction, message) => recorder.record(direction, message) } : {}),
      ...(this.oauth && this.fetch
        ? {
            authProvider: this.oauth,
            fetch: this.fetch,
            explainAuthError: (error) => this.oauth!.explain(error),
          }
        : {}),
    });
    handle.client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
      this.listener.consoleLine?.({
        source: 'log',
        level: params.level,
        ...(params.logger === undefined ? {} : { logger: params.logger }),
        text: typeof params.data === 'string' ? params.data : (JSON.stringify(params.data) ?? 'null'),
      });
    });
    const closeOnDispose = () => void handle.close();
    this.closing.signal.addEventListener('abort', closeOnDispose, { once: true });
    try {
      await this.applyLogLevel(handle);
    } finally {
      this.closing.signal.removeEventListener('abort', closeOnDispose);
    }
    if (this.disposed) {
      await handle.close();
      throw toolError('tool_error', `provider '${this.config.name}' was closed`);
    }
    handle.client.onclose = () => {
      if (this.handle !== handle) return;
      this.handle = undefined;
      const tail = handle.stderrTail();
      this.listener.connectionChanged(
        `the MCP server closed the connection; it is restarted on the next use${tail ? `\nstderr: ${tail}` : ''}`,
      );
    };
    handle.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.listener.toolsChanged();
    });
    handle.client.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => {
      this.listener.resourceUpdated?.(params.uri);
    });
    handle.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      this.catalog.invalidate();
      this.listener.listChanged?.('resources');
    });
    handle.client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      this.listener.listChanged?.('prompts');
    });
    const reconnected = this.everConnected;
    this.handle = handle;
    this.recorder = recorder;
    this.catalog.invalidate();
    this.everConnected = true;
    if (reconnected) {
      this.listener.connectionChanged(undefined);
      // A restarted server may offer other tools.
      this.listener.toolsChanged();
    }
    return handle;
  }

  /** Asks for the configured log level, when the server offers logging; a refusal is only noted. */
  private async applyLogLevel(handle: McpClientHandle): Promise<void> {
    const level = this.config.logLevel;
    if (!level || !handle.client.getServerCapabilities()?.logging) return;
    try {
      await handle.client.setLoggingLevel(level, { timeout: this.setupTimeoutMs });
    } catch (error) {
      this.listener.consoleLine?.({
        source: 'app',
        text: `the server refused log level '${level}': ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  /** After a request timeout: a server that does not answer a ping either is gone, so start over next time. */
  private async checkAnswering(handle: McpClientHandle, toolName: string): Promise<void> {
    try {
      await handle.client.ping({ timeout: this.timeoutMs });
    } catch {
      this.drop(
        handle,
        `the MCP server did not answer ${toolName} within ${this.timeoutMs} ms, nor a ping after it; it is restarted on the next use`,
      );
    }
  }

  /** Forgets a broken connection (once) and says why; the next use connects again. */
  private drop(handle: McpClientHandle, reason: string, needsSignIn = false): void {
    if (this.handle !== handle) return;
    this.handle = undefined;
    void handle.close();
    this.listener.connectionChanged(reason, needsSignIn);
  }

  /** One HTTP exchange (or the browser's part of authorization) into the traffic. */
  private recordHttp({ rpcMethod, bytes, ...http }: RecordedExchange): void {
    if (http.step !== 'mcp' && this.oauth) this.oauth.lastStep = http.step;
    this.listener.trafficMessage?.({
      direction: 'sent',
      connection: Math.max(1, this.connections),
      kind: 'http',
      bytes,
      ...(rpcMethod ? { method: rpcMethod } : {}),
      http,
    });
  }

  /**
   * Starts OAuth sign-in: a refresh when a refresh token still works, else the authorization page,
   * whose answer comes back to the loopback callback and finishes in `finishSignIn`.
   */
  async signIn(): Promise<SignInStart> {
    const oauth = this.oauth;
    const context = this.oauthContext;
    if (!oauth || !context)
      throw new Error(
        `provider '${this.config.name}' cannot sign in here: only an HTTP MCP provider in the app can`,
      );
    oauth.lastStep = undefined;
    if ((await oauth.run()) === 'AUTHORIZED') {
      this.listener.signedIn?.();
      return { signedIn: true };
    }
    const url = oauth.authorizationUrl!;
    // It comes from the authorization server's metadata: only a web page may be opened.
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new OAuthStepError('authorization', `the authorization page is no web address (${url.protocol})`);
    context.signIns.expect(oauth.lastState!, {
      providerName: this.config.name,
      complete: async (code) => {
        this.recordHttp({
          ...authorizationStep(url),
          status: 302,
          responseHeaders: { location: `${context.redirectUrl()}?code=«masked»` },
        });
        if ((await oauth.run(code)) !== 'AUTHORIZED')
          throw new Error('the authorization server gave no token');
        this.listener.signedIn?.();
      },
      refused: (reason) => {
        this.recordHttp({ ...authorizationStep(url), error: reason });
        this.listener.connectionChanged(`sign-in failed: ${reason}`, true);
      },
    });
    if (context.openExternal) {
      await context.openExternal(url.href);
      return { authorizationUrl: url.href, opened: true };
    }
    return { authorizationUrl: url.href, opened: false };
  }

  /** Forgets the tokens and the client registration; the next connection asks for sign-in. */
  async signOut(): Promise<void> {
    await this.oauth?.invalidateCredentials('all');
  }

  /** Whether OAuth tokens are stored for this server; undefined for a stdio server. */
  async signedIn(): Promise<boolean | undefined> {
    return this.oauth?.signedIn();
  }
}

function authorizationStep(url: URL): RecordedExchange {
  return {
    step: 'authorization',
    method: 'GET',
    url: url.href,
    requestHeaders: {},
    responseHeaders: {},
    bytes: 0,
  };
}
