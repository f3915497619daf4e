import { afterEach, describe, expect, it } from 'vitest';
import type { TpmjsProviderConfig } from '../../src/shared/api/providers';
import { parseTpmjsToolRef } from '../../src/main/providers/tpmjs/parseTpmjsToolRef';
import { MAX_TPMJS_ANSWER_BYTES } from '../../src/main/providers/tpmjs/executeTpmjsTool';
import { callTool } from './callTool';
import { loadSource, type LoadedSource } from './loadSource';
import { startTpmjsStub, TPMJS_STUB_KEY, type TpmjsStub } from './startTpmjsStub';

describe('parseTpmjsToolRef', () => {
  it('parses scoped and plain packages, with or without a version', () => {
    expect(parseTpmjsToolRef('@tpmjs/hello@1.2.3::helloWorldTool')).toEqual({
      packageName: '@tpmjs/hello',
      version: '1.2.3',
      toolName: 'helloWorldTool',
    });
    expect(parseTpmjsToolRef('left-pad::pad')).toEqual({
      packageName: 'left-pad',
      version: 'latest',
      toolName: 'pad',
    });
    expect(parseTpmjsToolRef('pkg@^2.0.0::t')).toMatchObject({ version: '^2.0.0' });
  });

  it('says which part of a bad reference is wrong', () => {
    expect(() => parseTpmjsToolRef('@tpmjs/hello@1.0.0')).toThrow(/no "::tool" part/);
    expect(() => parseTpmjsToolRef('@tpmjs/hello@1.0.0::')).toThrow(
      /tool name "" must be a JavaScript identifier/,
    );
    expect(() => parseTpmjsToolRef('Bad Package@1::t')).toThrow(
      /"Bad Package" is not a valid npm package name/,
    );
    expect(() => parseTpmjsToolRef('pkg@::t')).toThrow(/version "" is empty or malformed/);
  });
});

describe('TPMJS provider against a stub executor on 127.0.0.1', () => {
  let stub: TpmjsStub;
  const loaded: LoadedSource[] = [];
  afterEach(async () => {
    await Promise.all(loaded.splice(0).map((l) => l.source.dispose()));
    await stub?.close();
  });

  async function provider(tools: TpmjsProviderConfig['tools'], extra: Partial<TpmjsProviderConfig> = {}) {
    stub = await startTpmjsStub();
    const source = await loadSource({
      id: 't',
      name: 'npm',
      kind: 'tpmjs',
      baseUrl: stub.baseUrl,
      apiKey: '${secret:TPMJS_KEY}',
      tools,
      ...extra,
    });
    loaded.push(source);
    await source.secrets.set('TPMJS_KEY', TPMJS_STUB_KEY);
    return source;
  }

  it('POSTs /execute-tool per the protocol and returns the output', async () => {
    const { load } = await provider(
      [
        {
          ref: '@tpmjs/hello@1.0.0::helloWorldTool',
          description: 'Says hello.',
          inputSchema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        },
      ],
      { env: { UPSTREAM: 'plain' } },
    );
    const resolved = await load();
    expect(resolved.types).toContain('Says hello.');
    expect(await callTool(resolved, 'helloWorldTool', { name: 'Ada' })).toEqual({
      ok: true,
      result: { message: 'Hello, Ada' },
    });
    const [request] = stub.requests;
    expect(request?.headers['x-tpmjs-protocol-version']).toBe('1.0');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      packageName: '@tpmjs/hello',
      version: '1.0.0',
      name: 'helloWorldTool',
      params: { name: 'Ada' },
      env: { UPSTREAM: 'plain' },
    });
    expect(await callTool(resolved, 'helloWorldTool', {})).toMatchObject({
      ok: false,
      error: { code: 'validation_error' },
    });
  });

  it('maps both error shapes and HTTP failures to stable codes', async () => {
    const names = [
      'timeoutTool',
      'legacyParamsTool',
      'legacyStringTool',
      'badRequestTool',
      'htmlTool',
      'missingTool',
      'nothingTool',
    ];
    const { load } = await provider(names.map((name) => `stub-pkg@1.0.0::${name}`));
    const resolved = await load();
    const outcome = async (name: string) => callTool(resolved, name, {});
    expect(await outcome('timeoutTool')).toEqual({
      ok: false,
      error: {
        code: 'timeout',
        message: 'TPMJS stub-pkg@1.0.0::timeoutTool failed: EXECUTION_TIMEOUT: Execution exceeded 120000ms',
      },
    });
    expect(await outcome('legacyParamsTool')).toMatchObject({
      ok: false,
      error: {
        code: 'validation_error',
        message: expect.stringContaining('VALIDATION_ERROR: params.city is required'),
      },
    });
    expect(await outcome('legacyStringTool')).toMatchObject({
      ok: false,
      error: { code: 'tool_error', message: expect.stringContaining('something broke') },
    });
    expect(await outcome('badRequestTool')).toMatchObject({
      ok: false,
      error: { code: 'validation_error', message: expect.stringContaining('(HTTP 400)') },
    });
    expect(await outcome('htmlTool')).toMatchObject({
      ok: false,
      error: {
        code: 'tool_error',
        message: expect.stringContaining('HTTP 502 and a body that is not JSON: <html><body>Bad gateway'),
      },
    });
    expect(await outcome('missingTool')).toMatchObject({
      ok: false,
      error: { code: 'tool_error', message: expect.stringContaining('TOOL_NOT_FOUND') },
    });
    expect(await outcome('nothingTool')).toEqual({ ok: true });
  });

  it('stops reading an answer over the limit, and refuses one nested too deeply, in words', async () => {
    const { load } = await provider(['stub-pkg@1.0.0::floodTool', 'stub-pkg@1.0.0::deepTool']);
    const resolved = await load();
    expect(await callTool(resolved, 'floodTool', {})).toMatchObject({
      ok: false,
      error: {
        code: 'tool_error',
        message: expect.stringContaining(`more than ${MAX_TPMJS_ANSWER_BYTES} bytes`),
      },
    });
    expect(await callTool(resolved, 'deepTool', {})).toMatchObject({
      ok: false,
      error: {
        code: 'tool_error',
        message: expect.stringContaining('too deeply nested at the answer of TPMJS executor'),
      },
    });
  });

  it('sends the API key from the secret store; a wrong key is a clear error', async () => {
    const source = await provider(['pkg@1::helloWorldTool']);
    expect(stub.requests).toHaveLength(0);
    await source.secrets.set('TPMJS_KEY', 'wrong');
    const outcome = await callTool(await source.load(), 'helloWorldTool', { name: 'x' });
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'tool_error', message: expect.stringContaining('UNAUTHORIZED') },
    });
  });

  it('aborts the HTTP request on cancel, and times out on its own deadline', async () => {
    const { load } = await provider(['pkg@1::slowTool'], { requestTimeoutMs: 1000 });
    const resolved = await load();
    const controller = new AbortController();
    const pending = callTool(resolved, 'slowTool', {}, controller.signal);
    await expect.poll(() => stub.requests.length).toBe(1);
    controller.abort(new Error('cancel'));
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
    await expect.poll(() => stub.abandoned()).toBe(1);
    expect(await callTool(resolved, 'slowTool', {})).toMatchObject({
      ok: false,
      error: {
        code: 'timeout',
        message: expect.stringContaining('did not answer pkg@1::slowTool within 1000 ms'),
      },
    });
  });

  it('checks /health, and an unreachable executor is a clear error', async () => {
    const source = await provider(['pkg@1::helloWorldTool']);
    await expect(source.source.check!()).resolves.toBeUndefined();
    const resolved = await source.load();
    await stub.close();
    await expect(source.source.check!()).rejects.toThrow(/is unreachable/);
    expect(await callTool(resolved, 'helloWorldTool', { name: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'tool_error', message: expect.stringContaining('is unreachable') },
    });
  });

  it('refuses a bad tool reference at load, naming the entry', async () => {
    const { load } = await provider(['pkg@1::ok', 'no-separator']);
    await expect(load()).rejects.toThrow(`provider 'npm' tools[1]: "no-separator" has no "::tool" part`);
  });
});
