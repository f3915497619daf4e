import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { MASKED_CREDENTIAL, type McpHttpExchange, type McpHttpStep } from '../../../shared/api/mcpInspect';

/** The headers worth showing; anything else (cookies included) is left out. */
const REQUEST_HEADERS = ['content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id'];
const RESPONSE_HEADERS = ['content-type', 'mcp-session-id', 'www-authenticate', 'location', 'retry-after'];
/** Fields of OAuth answers that carry credentials: shown masked, never kept. */
const SECRET_FIELDS = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'registration_access_token',
]);
/** Fields of OAuth answers worth showing. */
const SUMMARY_FIELDS = [
  'resource',
  'authorization_servers',
  'scopes_supported',
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
  'code_challenge_methods_supported',
  'client_id',
  'redirect_uris',
  'token_endpoint_auth_method',
  'token_type',
  'expires_in',
  'scope',
  'error',
  'error_description',
];

export interface RecordedExchange extends McpHttpExchange {
  /** The JSON-RPC method(s) a request to the MCP endpoint carried. */
  rpcMethod?: string;
  bytes: number;
}

function pick(headers: Headers, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

function bodyKind(contentType: string | null): McpHttpExchange['body'] {
  if (!contentType) return undefined;
  if (contentType.includes('text/event-stream')) return 'sse';
  return contentType.includes('json') ? 'json' : 'other';
}

function rpcMethodOf(body: unknown): string | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    const one = (message: unknown) =>
      typeof message === 'object' && message !== null && 'method' in message
        ? String((message as { method: unknown }).method)
        : 'response';
    return Array.isArray(parsed) ? parsed.map(one).join(', ') : one(parsed);
  } catch {
    return undefined;
  }
}

async function summarize(response: Response): Promise<Record<string, unknown> | undefined> {
  if (!response.headers.get('content-type')?.includes('json')) return undefined;
  try {
    const body: unknown = await response.clone().json();
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const record = body as Record<string, unknown>;
    const summary: Record<string, unknown> = {};
    for (const field of SUMMARY_FIELDS) if (field in record) summary[field] = record[field];
    for (const field of SECRET_FIELDS) if (field in record) summary[field] = MASKED_CREDENTIAL;
    return summary;
  } catch {
    return undefined;
  }
}

/**
 * A fetch for the SDK's transports and OAuth client that records each exchange: the step it was
 * for (`classify`), status, the headers that matter, content type, time to headers, and for OAuth
 * steps the answer's fields with every credential masked. The Authorization header is never kept.
 */
export function createRecordingFetch(
  classify: (url: URL, init: RequestInit | undefined) => McpHttpStep,
  record: (exchange: RecordedExchange) => void,
  inner: FetchLike = fetch,
): FetchLike {
  return async (input, init) => {
    const url = new URL(input instanceof URL ? input.href : String(input));
    const step = classify(url, init);
    const headers = new Headers(init?.headers);
    const requestHeaders = pick(headers, REQUEST_HEADERS);
    if (headers.has('authorization'))
      requestHeaders.authorization = `${headers.get('authorization')!.split(' ')[0]} ${MASKED_CREDENTIAL}`;
    const method = init?.method ?? 'GET';
    const base = {
      step,
      method,
      url: url.href,
      requestHeaders,
      bytes: typeof init?.body === 'string' ? Buffer.byteLength(init.body) : 0,
      ...(step === 'mcp' ? { rpcMethod: rpcMethodOf(init?.body) } : {}),
    };
    const started = performance.now();
    let response: Response;
    try {
      response = await inner(url, init);
    } catch (error) {
      record({ ...base, responseHeaders: {}, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    const ms = Math.round(performance.now() - started);
    const summary = step === 'mcp' ? undefined : await summarize(response);
    const kind = bodyKind(response.headers.get('content-type'));
    record({
      ...base,
      status: response.status,
      ms,
      responseHeaders: pick(response.headers, RESPONSE_HEADERS),
      ...(kind ? { body: kind } : {}),
      ...(summary ? { summary } : {}),
    });
    return response;
  };
}
