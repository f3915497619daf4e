import { describe, expect, it } from 'vitest';
import { ApiCallError, createApiClient } from '../../src/shared/rpc/createApiClient';
import { parseRpcRequest } from '../../src/shared/rpc/parseRpcRequest';
import { createPlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { createFakeExecutor, createFakeWorkspaceHost, done } from './fakes';

describe('parseRpcRequest', () => {
  const valid = { type: 'request', id: 7, namespace: 'runs', method: 'start', args: [{ code: '1' }] };

  it('accepts a well-formed envelope', () => {
    expect(parseRpcRequest(valid)).toEqual({ ok: true, request: valid });
  });

  it.each([
    [null, 'request must be an object'],
    [{ ...valid, id: 'x' }, 'request.id must be a non-negative integer'],
    [{ ...valid, type: 'event' }, "request.type must be 'request'"],
    [{ ...valid, namespace: 'fs' }, 'request.namespace must be one of'],
    [{ ...valid, namespace: 'constructor' }, 'request.namespace must be one of'],
    [{ ...valid, method: 'toString' }, 'request.method must be one of runs.{start, cancel'],
    [{ ...valid, args: { 0: 1 } }, 'request.args must be an array'],
    [{ ...valid, token: 5 }, 'request.token must be a string'],
  ])('refuses %j', (raw, reason) => {
    const parsed = parseRpcRequest(raw);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.reason).toContain(reason);
  });
});

describe('createApiClient', () => {
  it('gives a typed PlaygroundApi whose failures carry their kind', async () => {
    const host = createPlaygroundHost({
      workspaceHost: createFakeWorkspaceHost(),
      createExecutor: () => createFakeExecutor(async () => done()),
    });
    const api = createApiClient({
      call: (namespace, method, args) => host.handle({ type: 'request', id: 1, namespace, method, args }),
      subscribe: (listener) => host.onEvent(listener),
    });
    expect(await api.workspace.listSecrets()).toEqual(['TOKEN']);
    const error = await api.runs.cancel('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ kind: 'bad_request', message: expect.stringContaining('no run with id') });
    await host.dispose();
  });
});
