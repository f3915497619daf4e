import { PLAYGROUND_API_METHODS, type ApiNamespace } from '../api/playgroundApi';
import type { RpcRequest } from './envelope';

export type ParsedRpcRequest =
  | { ok: true; request: RpcRequest }
  | {
      ok: false;
      reason: string;
      /** Present when the id itself was readable, so the refusal can be answered. */ id?: number;
    };

const MAX_ARGS = 8;

function isNamespace(value: unknown): value is ApiNamespace {
  return typeof value === 'string' && Object.hasOwn(PLAYGROUND_API_METHODS, value);
}

/**
 * Strictly checks an envelope from an untrusted renderer: known namespace and method, an array of
 * arguments. Never throws; each service still validates the arguments themselves.
 */
export function parseRpcRequest(raw: unknown): ParsedRpcRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, reason: 'request must be an object' };
  }
  const record = raw as Record<string, unknown>;
  const id = record.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
    return { ok: false, reason: 'request.id must be a non-negative integer' };
  }
  const refuse = (reason: string): ParsedRpcRequest => ({ ok: false, reason, id });
  if (record.type !== 'request') return refuse(`request.type must be 'request'`);
  const { namespace, method, args, token } = record;
  if (!isNamespace(namespace)) {
    return refuse(`request.namespace must be one of ${Object.keys(PLAYGROUND_API_METHODS).join(', ')}`);
  }
  const methods: readonly string[] = PLAYGROUND_API_METHODS[namespace];
  if (typeof method !== 'string' || !methods.includes(method)) {
    return refuse(`request.method must be one of ${namespace}.{${methods.join(', ')}}`);
  }
  if (!Array.isArray(args)) return refuse('request.args must be an array');
  if (args.length > MAX_ARGS) return refuse(`request.args has ${args.length} items; at most ${MAX_ARGS}`);
  if (token !== undefined && typeof token !== 'string') return refuse('request.token must be a string');
  const request: RpcRequest = { type: 'request', id, namespace, method, args: [...args] };
  if (token !== undefined) request.token = token;
  return { ok: true, request };
}
