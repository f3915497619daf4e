import type { PlaygroundHostServices } from '../api/playgroundApi';
import type { RpcErrorKind, RpcRequest, RpcResponse } from './envelope';
import { InvalidArgumentError } from './invalidArgumentError';
import { WriteConflictError } from './writeConflictError';

function errorKind(error: unknown): RpcErrorKind {
  if (error instanceof InvalidArgumentError) return 'bad_request';
  if (error instanceof WriteConflictError) return 'conflict';
  return 'failed';
}

/** Calls the service method a parsed request names and wraps the outcome; never rejects. */
export async function invokeRpcRequest(
  services: PlaygroundHostServices,
  request: RpcRequest,
): Promise<RpcResponse> {
  const { id, namespace, method, args } = request;
  const service = services[namespace] as unknown as Record<string, unknown>;
  const fn = service[method];
  if (typeof fn !== 'function') {
    return {
      type: 'response',
      id,
      ok: false,
      error: { kind: 'bad_request', message: `${namespace}.${method} is not available on this host` },
    };
  }
  try {
    const value: unknown = await (fn as (...a: unknown[]) => unknown).apply(service, args);
    return value === undefined
      ? { type: 'response', id, ok: true }
      : { type: 'response', id, ok: true, value };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      type: 'response',
      id,
      ok: false,
      error: { kind: errorKind(error), message, where: `${namespace}.${method}` },
    };
  }
}
