import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTpmjsExecutor,
  type TpmjsExecutorHandle,
} from '../../src/main/programs/tpmjsExecutor/startTpmjsExecutor';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Authorization, X-TPMJS-Protocol-Version',
};

// None of these requests reach a registry or a tool process, so the child program is never started.
const NO_CHILD = '/nonexistent/tool-child.js';

function expectCors(response: Response): void {
  for (const [name, value] of Object.entries(CORS)) expect(response.headers.get(name)).toBe(value);
}

describe('TPMJS executor HTTP surface', () => {
  let executor: TpmjsExecutorHandle;
  beforeAll(async () => {
    executor = await startTpmjsExecutor({
      childScript: NO_CHILD,
      maxRequestBodyBytes: 2048,
      executionTimeoutMs: 90_000,
    });
  });
  afterAll(() => executor.close());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${executor.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it.each(['/health', '/api/health'])('GET %s returns status and protocol version', async (path) => {
    const response = await fetch(`${executor.url}${path}`);
    expect(response.status).toBe(200);
    expectCors(response);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 'ok',
      protocolVersion: '1.0',
      implementationVersion: expect.any(String),
      runtime: 'node',
    });
    expect(Number.isNaN(Date.parse(body.timestamp as string))).toBe(false);
  });

  it.each(['/info', '/api/info'])('GET %s advertises honest capabilities', async (path) => {
    const response = await fetch(`${executor.url}${path}`);
    expect(response.status).toBe(200);
    expectCors(response);
    expect(await response.json()).toMatchObject({
      protocolVersion: '1.0',
      version: expect.any(String),
      capabilities: {
        isolation: 'process',
        executionModes: ['sync'],
        maxExecutionTimeMs: 90_000,
        maxRequestBodyBytes: 2048,
        supportsStreaming: false,
        supportsCallbacks: false,
      },
      runtime: { platform: process.platform, nodeVersion: process.versions.node },
    });
  });

  it.each(['/health', '/info', '/execute-tool', '/api/execute-tool'])(
    'answers the OPTIONS preflight for %s with 200 and CORS',
    async (path) => {
      const response = await fetch(`${executor.url}${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'http://example.test', 'access-control-request-method': 'POST' },
      });
      expect(response.status).toBe(200);
      expectCors(response);
    },
  );

  it('answers 404 with a structured error and CORS for an unknown path', async () => {
    const response = await fetch(`${executor.url}/execute`);
    expect(response.status).toBe(404);
    expectCors(response);
    expect(await response.json()).toMatchObject({
      success: false,
      error: { code: 'NOT_FOUND', message: expect.stringContaining('/execute') },
    });
  });

  it('answers 405 for a known path with the wrong method', async () => {
    const response = await fetch(`${executor.url}/execute-tool`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it.each([
    ['a missing body', '', 'request body is missing'],
    ['malformed JSON', '{"packageName":', 'not valid JSON'],
    ['a missing packageName', '{"name":"x"}', "body must have required property 'packageName'"],
    ['a missing name', '{"packageName":"a"}', "body must have required property 'name'"],
    ['a non-object params', '{"packageName":"a","name":"x","params":[1]}', 'body.params must be object'],
    ['a non-string env value', '{"packageName":"a","name":"x","env":{"A":1}}', 'body.env.A must be string'],
    [
      'an invalid package name',
      '{"packageName":"../etc","name":"x"}',
      'body.packageName must be a valid npm package name',
    ],
    ['a body that is not an object', '[]', 'body must be object'],
  ])('answers 400 with the reason for %s', async (_what, body, reason) => {
    const response = await post('/execute-tool', body);
    expect(response.status).toBe(400);
    expectCors(response);
    const answer = (await response.json()) as { success: boolean; error: { code: string; message: string } };
    expect(answer.success).toBe(false);
    expect(answer.error.code).toBe('INVALID_REQUEST');
    expect(answer.error.message).toContain(reason);
  });

  it('answers 413 with a structured error for a body over the limit', async () => {
    const response = await post(
      '/api/execute-tool',
      JSON.stringify({ packageName: 'a', name: 'x', params: { pad: 'x'.repeat(4096) } }),
    );
    expect(response.status).toBe(413);
    expectCors(response);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'REQUEST_TOO_LARGE' } });
  });

  it('refuses another protocol major version', async () => {
    const response = await post('/execute-tool', '{"packageName":"a","name":"x"}', {
      'x-tpmjs-protocol-version': '2.0',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('2.0');
  });
});

describe('TPMJS executor with EXECUTOR_API_KEY', () => {
  let executor: TpmjsExecutorHandle;
  beforeAll(async () => {
    executor = await startTpmjsExecutor({ childScript: NO_CHILD, apiKey: 'correct horse battery staple' });
  });
  afterAll(() => executor.close());

  it.each([
    ['no Authorization header', undefined],
    ['a wrong key', 'Bearer wrong'],
    ['a key that is a prefix of the right one', 'Bearer correct horse'],
    ['another scheme', 'Basic correct horse battery staple'],
  ])('answers 401 UNAUTHORIZED with CORS for %s', async (_what, authorization) => {
    for (const path of ['/health', '/info', '/execute-tool']) {
      const response = await fetch(`${executor.url}${path}`, {
        method: path === '/execute-tool' ? 'POST' : 'GET',
        headers: authorization ? { authorization } : {},
        ...(path === '/execute-tool' ? { body: '{}' } : {}),
      });
      expect(response.status).toBe(401);
      expectCors(response);
      expect(await response.json()).toEqual({
        success: false,
        error: { code: 'UNAUTHORIZED', message: 'Invalid or missing API key' },
      });
    }
  });

  it('accepts the right Bearer key', async () => {
    const response = await fetch(`${executor.url}/health`, {
      headers: { authorization: 'Bearer correct horse battery staple' },
    });
    expect(response.status).toBe(200);
  });

  it('checks the key before reading the body', async () => {
    const response = await fetch(`${executor.url}/execute-tool`, { method: 'POST', body: 'not json' });
    expect(response.status).toBe(401);
  });

  it('lets the CORS preflight through without a key', async () => {
    const response = await fetch(`${executor.url}/execute-tool`, { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expectCors(response);
  });
});
