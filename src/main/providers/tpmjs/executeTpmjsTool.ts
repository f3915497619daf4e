import { tooDeeplyNested } from '../../../shared/tooDeeplyNested';
import { readResponseText } from '../../system/readResponseText';
import { toolError } from '../toolError';
import type { TpmjsToolRef } from './parseTpmjsToolRef';
import { tpmjsFailure } from './tpmjsFailure';

export interface TpmjsRequest {
  baseUrl: string;
  apiKey?: string;
  env?: Record<string, string>;
  timeoutMs: number;
}

const BODY_PREVIEW_CHARS = 200;
/** The longest answer read from an executor: our executor's default output limit, plus room for its envelope. */
export const MAX_TPMJS_ANSWER_BYTES = 32 * 1024 * 1024 + 64 * 1024;

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > BODY_PREVIEW_CHARS ? `${flat.slice(0, BODY_PREVIEW_CHARS)}…` : flat;
}

export function tpmjsHeaders(apiKey: string | undefined): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'X-TPMJS-Protocol-Version': '1.0',
    ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
  };
}

/** One `POST {base}/execute-tool`; resolves to the tool's output or throws an execbox error. */
export async function executeTpmjsTool(
  request: TpmjsRequest,
  tool: TpmjsToolRef,
  params: unknown,
  signal: AbortSignal,
): Promise<unknown> {
  const label = `${tool.packageName}@${tool.version}::${tool.toolName}`;
  const deadline = AbortSignal.timeout(request.timeoutMs);
  let response: Response;
  let text: string | undefined;
  try {
    response = await fetch(`${request.baseUrl}/execute-tool`, {
      method: 'POST',
      headers: tpmjsHeaders(request.apiKey),
      body: JSON.stringify({
        packageName: tool.packageName,
        version: tool.version,
        name: tool.toolName,
        params: params ?? {},
        ...(request.env && Object.keys(request.env).length > 0 ? { env: request.env } : {}),
      }),
      signal: AbortSignal.any([signal, deadline]),
    });
    text = await readResponseText(response, MAX_TPMJS_ANSWER_BYTES);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (deadline.aborted) {
      throw toolError(
        'timeout',
        `TPMJS executor ${request.baseUrl} did not answer ${label} within ${request.timeoutMs} ms`,
      );
    }
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw toolError('tool_error', `TPMJS executor ${request.baseUrl} is unreachable${cause}`);
  }
  if (text === undefined) {
    throw toolError(
      'tool_error',
      `TPMJS executor answered ${label} with more than ${MAX_TPMJS_ANSWER_BYTES} bytes; the answer was not read`,
    );
  }
  const tooDeep = tooDeeplyNested(text, `the answer of TPMJS executor ${request.baseUrl}`);
  if (tooDeep) throw toolError('tool_error', tooDeep.message);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw toolError(
      'tool_error',
      `TPMJS executor answered ${label} with HTTP ${response.status} and a body that is not JSON: ${preview(text) || '(empty)'}`,
    );
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw toolError(
      'tool_error',
      `TPMJS executor answered ${label} with HTTP ${response.status} and no result object`,
    );
  }
  const record = body as Record<string, unknown>;
  if (record.success === true && response.ok) return record.output;
  if (record.success === false || !response.ok) throw tpmjsFailure(record, response.status, label);
  throw toolError(
    'tool_error',
    `TPMJS executor answered ${label} without a "success" field: ${preview(text)}`,
  );
}
