import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { killDescendants, listDescendants } from '../../system/killDescendants';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { McpProviderConfig } from '../../../shared/api/providers';
import { expandSecretRecord } from '../../secrets/expandSecretRefs';
import { stdioLaunchDestination } from './stdioLaunchDestination';
import { stdioLaunch } from './stdioLaunch';
import { httpMcpDestination } from './httpMcpDestination';
import type { SecretStore } from '../../secrets/SecretStore';
import { PROVIDER_CONSOLE_LINE_CHARS } from '../ProviderConsole';
import { createLineSplitter } from './createLineSplitter';
import { recordTraffic, type TrafficObserver } from './recordTraffic';
import { OAuthStepError, SignInRequiredError } from './SignInRequiredError';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

const CLIENT_INFO = { name: 'execbox-playground', version: '0.1.0' };
const STDERR_TAIL_CHARS = 2000;
/** The server may ask for form input (elicitation) and for model completions (sampling) during a call. */
const CLIENT_CAPABILITIES = { elicitation: { form: {} }, sampling: {} };

/** Sets up a new client before it connects (request handlers for the declared capabilities). */
export type PrepareClient = (client: Client) => void;

function newClient(prepare: PrepareClient | undefined): Client {
  const client = new Client(CLIENT_INFO, { capabilities: CLIENT_CAPABILITIES });
  prepare?.(client);
  return client;
}

export interface McpClientHandle {
  client: Client;
  /** How it connected, for status and error messages. */
  via: 'stdio' | 'streamable-http' | 'sse';
  /** The last lines the stdio server wrote to stderr (why it crashed, usually). */
  stderrTail(): string;
  /** Closes the client and, for stdio, ends the server's whole process tree (an `npx` server's too). */
  close(): Promise<void>;
}

/** How long a stdio server has to exit on its own once its stdin is closed. */
const CLOSE_GRACE_MS = 1000;

const killQuietly = (pid: number): void => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
};

/**
 * Closes a stdio client and ends the server's whole process tree: the SDK stops only the process
 * it spawned, and only after 4 s of waiting, and a launcher like `npx` that does not pass signals on
 * leaves its server running as an orphan. A second after stdin closes, the launcher's descendants
 * and then the launcher are killed; ones that were there before are killed after the close too.
 */
async function closeStdioTree(client: Client, transport: StdioClientTransport): Promise<void> {
  const pid = transport.pid;
  const before = pid === null ? [] : listDescendants(pid);
  const closed = client.close().catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)));
  const inTime = await Promise.race([closed.then(() => true), grace.then(() => false)]);
  clearTimeout(timer);
  if (!inTime && pid !== null) {
    killDescendants(pid);
    killQuietly(pid);
  }
  await closed;
  before.forEach(killQuietly);
}

function keepTail(stream: Readable | null, onLine?: (line: string) => void): () => string {
  let tail = '';
  const split = onLine ? createLineSplitter(onLine, PROVIDER_CONSOLE_LINE_CHARS) : undefined;
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_TAIL_CHARS);
    split?.(chunk);
  });
  return () => tail.trim();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Connects, closing the client (which stops a stdio server's process) as soon as `signal` aborts.
 * Closing rather than cancelling: the MCP spec forbids cancelling `initialize`.
 */
async function connectUnlessAborted(
  client: Client,
  transport: Transport,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  close: () => Promise<void> = () => client.close(),
): Promise<void> {
  signal?.throwIfAborted();
  // A transport closed before it opened may never settle its start (the SDK's SSE one does not): the
  // abort itself ends the wait, so a provider closing mid-connect never holds its owner's shutdown.
  let stop = () => {};
  const aborted = new Promise<never>((_, reject) => {
    stop = () => {
      void close().catch(() => undefined);
      reject(signal!.reason);
    };
  });
  aborted.catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    await Promise.race([client.connect(transport, { timeout: timeoutMs }), aborted]);
  } catch (error) {
    throw signal?.aborted ? signal.reason : error;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

export interface ConnectMcpOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  prepare?: PrepareClient;
  /** Receives each line the stdio server writes to stderr. */
  onStderrLine?: (line: string) => void;
  /** Sees every JSON-RPC message, `initialize` included. */
  observe?: TrafficObserver;
  /** HTTP and SSE: OAuth when the server asks for it (a 401 with WWW-Authenticate). */
  authProvider?: OAuthClientProvider;
  /** HTTP and SSE: the fetch every request goes through (the traffic records each exchange). */
  fetch?: FetchLike;
  /** Turns an error of the OAuth flow into the step that failed and why. */
  explainAuthError?(error: unknown): Error;
}

/** A 401 the OAuth flow could not answer without a person: the provider asks for sign-in. */
function signInRequired(error: unknown, url: URL): SignInRequiredError | undefined {
  if (!(error instanceof UnauthorizedError)) return undefined;
  return new SignInRequiredError(
    `the MCP server at ${url.href} asks you to sign in (OAuth): press "Sign in"`,
  );
}

/**
 * Connects an MCP client: stdio, Streamable HTTP, or SSE (also the fallback when Streamable HTTP
 * fails). Aborting `signal` stops the attempt and its process; it then rejects with the abort reason.
 */
export async function connectMcpClient(
  config: McpProviderConfig,
  secrets: SecretStore,
  baseDir: string,
  {
    timeoutMs,
    signal,
    prepare,
    onStderrLine,
    observe,
    authProvider,
    fetch,
    explainAuthError,
  }: ConnectMcpOptions,
): Promise<McpClientHandle> {
  const observed = (inner: Transport): Transport => (observe ? recordTraffic(inner, observe) : inner);
  const transport = config.transport;
  const where = `provider '${config.name}'`;
  if (transport.type === 'stdio') {
    const launch = stdioLaunch(transport, baseDir);
    const env = await expandSecretRecord(
      transport.env,
      secrets,
      `${where} transport.env`,
      stdioLaunchDestination(launch),
    );
    const stdio = new StdioClientTransport({
      command: launch.command,
      args: launch.args,
      env: { ...getDefaultEnvironment(), ...env },
      cwd: launch.cwd,
      stderr: 'pipe',
    });
    const stderrTail = keepTail(stdio.stderr as Readable | null, onStderrLine);
    const client = newClient(prepare);
    const close = () => closeStdioTree(client, stdio);
    try {
      await connectUnlessAborted(client, observed(stdio), timeoutMs, signal, close);
    } catch (error) {
      await close();
      if (signal?.aborted) throw signal.reason;
      const tail = stderrTail();
      throw new Error(
        `could not start MCP server '${transport.command}': ${describe(error)}${tail ? `\nstderr: ${tail}` : ''}`,
      );
    }
    return { client, via: 'stdio', stderrTail, close };
  }
  const headers = await expandSecretRecord(
    transport.headers,
    secrets,
    `${where} transport.headers`,
    httpMcpDestination(transport.url),
  );
  const url = new URL(transport.url);
  const requestInit = { headers };
  const httpOptions = {
    requestInit,
    ...(authProvider ? { authProvider } : {}),
    ...(fetch ? { fetch } : {}),
  };
  const noTail = () => '';
  const closer = (client: Client) => () => client.close().catch(() => undefined);
  const overSse = async (): Promise<McpClientHandle> => {
    const client = await connectSse(
      observed(new SSEClientTransport(url, httpOptions)),
      timeoutMs,
      signal,
      prepare,
    );
    return { client, via: 'sse', stderrTail: noTail, close: closer(client) };
  };
  if (transport.type === 'http') {
    const client = newClient(prepare);
    try {
      await connectUnlessAborted(
        client,
        observed(new StreamableHTTPClientTransport(url, httpOptions)),
        timeoutMs,
        signal,
      );
      return { client, via: 'streamable-http', stderrTail: noTail, close: closer(client) };
    } catch (streamableError) {
      await client.close().catch(() => undefined);
      if (signal?.aborted) throw signal.reason;
      // The server answered and wants OAuth: SSE would be asked the same.
      const authFailure = authError(streamableError, url, explainAuthError);
      if (authFailure) throw authFailure;
      try {
        return await overSse();
      } catch (sseError) {
        if (signal?.aborted) throw signal.reason;
        throw new Error(
          `could not connect to MCP server ${url.href}: Streamable HTTP failed (${describe(streamableError)}) and the SSE fallback failed (${describe(sseError)})`,
        );
      }
    }
  }
  try {
    return await overSse();
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    const authFailure = authError(error, url, explainAuthError);
    if (authFailure) throw authFailure;
    throw new Error(`could not connect to MCP server ${url.href} over SSE: ${describe(error)}`);
  }
}

async function connectSse(
  transport: Transport,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  prepare: PrepareClient | undefined,
): Promise<Client> {
  const client = newClient(prepare);
  try {
    await connectUnlessAborted(client, transport, timeoutMs, signal);
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/** An error of the OAuth flow (sign-in needed, or a step that failed), or undefined for any other. */
function authError(
  error: unknown,
  url: URL,
  explain: ((error: unknown) => Error) | undefined,
): Error | undefined {
  const needed = signInRequired(error, url);
  if (needed) return needed;
  if (explain && isOAuthFlowError(error)) return explain(error);
  return undefined;
}

/** Errors only the OAuth flow throws (an authorization server's error answer, or a step we named). */
function isOAuthFlowError(error: unknown): boolean {
  return error instanceof OAuthError || error instanceof OAuthStepError;
}
