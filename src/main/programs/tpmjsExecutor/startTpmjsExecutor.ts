import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createConcurrencyLimiter } from './createConcurrencyLimiter';
import { createPackageInstaller } from './createPackageInstaller';
import { CORS_HEADERS } from './corsHeaders';
import { executeTool } from './executeTool';
import { chooseToolSandbox } from './chooseToolSandbox';
import { locateToolChild } from './locateToolChild';
import { parseExecuteToolRequest } from './parseExecuteToolRequest';
import { readJsonBody } from './readJsonBody';
import { healthBody, infoBody } from './tpmjsExecutorInfo';
import {
  TPMJS_EXECUTOR_DEFAULTS,
  type ResolvedTpmjsExecutorOptions,
  type TpmjsExecutorOptions,
} from './tpmjsExecutorOptions';
import { TpmjsError } from './tpmjsErrors';
import { bearerToken } from '../../system/bearerToken';
import { tokensMatch } from '../../system/tokensMatch';

export interface TpmjsExecutorHandle {
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  host: string;
  port: number;
  options: ResolvedTpmjsExecutorOptions;
  /** Stops accepting requests, kills running tool processes and closes every connection. */
  close(): Promise<void>;
}

type Route = 'health' | 'info' | 'execute-tool';
const ROUTES: Record<string, { route: Route; method: 'GET' | 'POST' }> = {
  '/health': { route: 'health', method: 'GET' },
  '/info': { route: 'info', method: 'GET' },
  '/execute-tool': { route: 'execute-tool', method: 'POST' },
};

/** Starts an HTTP server speaking the TPMJS executor protocol v1.0 (levels 1 and 2). */
export async function startTpmjsExecutor(input: TpmjsExecutorOptions = {}): Promise<TpmjsExecutorHandle> {
  const options: ResolvedTpmjsExecutorOptions = {
    ...TPMJS_EXECUTOR_DEFAULTS,
    ...withoutUndefined(input),
    childScript: input.childScript ?? locateToolChild(),
  };
  const sandbox = chooseToolSandbox(options.isolation, {
    cacheDir: options.cacheDir,
    childScript: options.childScript,
  });
  if (sandbox) options.sandbox = sandbox;
  const installer = createPackageInstaller({
    cacheDir: options.cacheDir,
    installTimeoutMs: options.installTimeoutMs,
    floatingVersionTtlMs: options.floatingVersionTtlMs,
    ...(options.registry ? { registry: options.registry } : {}),
    ...(options.npmCommand ? { npmCommand: options.npmCommand } : {}),
    ...(options.npmCacheDir ? { npmCacheDir: options.npmCacheDir } : {}),
  });
  const limiter = createConcurrencyLimiter(options.maxConcurrentExecutions, options.maxQueuedExecutions);
  const shutdown = new AbortController();

  async function handleExecuteTool(request: IncomingMessage, startedAt: number): Promise<[number, object]> {
    const elapsed = () => Math.round(performance.now() - startedAt);
    try {
      const body = parseExecuteToolRequest(await readJsonBody(request, options.maxRequestBodyBytes));
      const outcome = await limiter.run(() =>
        executeTool(body, {
          installer,
          childScript: options.childScript,
          executionTimeoutMs: options.executionTimeoutMs,
          maxOutputBytes: options.maxOutputBytes,
          workRoot: options.workRoot,
          ...(options.sandbox ? { sandbox: options.sandbox } : {}),
          signal: shutdown.signal,
        }),
      );
      options.log?.(
        `execute-tool ${body.packageName}@${body.version} ${body.name}: ${outcome.ok ? 'ok' : outcome.code}`,
      );
      if (outcome.ok) return [200, { success: true, output: outcome.output, executionTimeMs: elapsed() }];
      const error = { code: outcome.code, message: outcome.message };
      return [200, { success: false, error, executionTimeMs: elapsed() }];
    } catch (error) {
      const failure = asTpmjsError(error);
      const status = failure.status;
      return [
        status,
        {
          success: false,
          error: { code: failure.code, message: failure.message },
          executionTimeMs: elapsed(),
        },
      ];
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const startedAt = performance.now();
    const path = new URL(request.url ?? '/', 'http://executor').pathname.replace(/\/+$/, '') || '/';
    const target = ROUTES[path.startsWith('/api/') ? path.slice(4) : path];
    if (!target)
      return send(response, 404, errorBody('NOT_FOUND', `no such endpoint: ${request.method} ${path}`));
    if (request.method === 'OPTIONS') return send(response, 200, undefined);
    if (
      options.apiKey !== undefined &&
      !tokensMatch(bearerToken(request.headers.authorization), options.apiKey)
    ) {
      return send(response, 401, errorBody('UNAUTHORIZED', 'Invalid or missing API key'));
    }
    if (request.method !== target.method) {
      const message = `${path} accepts ${target.method}, not ${request.method}`;
      return send(response, 405, errorBody('METHOD_NOT_ALLOWED', message), {
        Allow: `${target.method}, OPTIONS`,
      });
    }
    const versionProblem = checkProtocolVersion(request);
    if (versionProblem) return send(response, 400, errorBody('INVALID_REQUEST', versionProblem));
    if (target.route === 'health') return send(response, 200, healthBody());
    if (target.route === 'info') return send(response, 200, infoBody(options));
    const [status, body] = await handleExecuteTool(request, startedAt);
    send(
      response,
      status,
      body,
      status === 503 ? { 'Retry-After': '1' } : status === 413 ? { Connection: 'close' } : {},
    );
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      send(
        response,
        500,
        errorBody('INTERNAL_ERROR', error instanceof Error ? error.message : String(error)),
      );
    });
  });
  // A request may legitimately take install + execution time; the server must not cut it short.
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}`,
    host: address.address,
    port: address.port,
    options,
    close: () =>
      new Promise<void>((resolve) => {
        shutdown.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  response.writeHead(status, {
    ...CORS_HEADERS,
    ...headers,
    ...(body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
    'Content-Length': Buffer.byteLength(text).toString(),
  });
  response.end(text);
}

function errorBody(code: string, message: string): object {
  return { success: false, error: { code, message } };
}

/** Clients SHOULD say which protocol they speak; we speak 1.x and refuse other major versions. */
function checkProtocolVersion(request: IncomingMessage): string | undefined {
  const header = request.headers['x-tpmjs-protocol-version'];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && /^1(\.\d+)*$/.test(value.trim())) return undefined;
  return `unsupported X-TPMJS-Protocol-Version '${value}': this executor speaks 1.0`;
}

function asTpmjsError(error: unknown): TpmjsError {
  if (error instanceof TpmjsError) return error;
  return new TpmjsError('INTERNAL_ERROR', error instanceof Error ? error.message : String(error));
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
