import { describe, expect, it } from 'vitest';
import type { ProviderConfig } from '../../src/shared/api/providers';
import {
  buildProviderConfig,
  draftFromConfig,
  withFieldsNotInTheForm,
} from '../../src/shared/view/buildProviderConfig';
import { emptyDraft, emptyMockTool } from '../../src/shared/view/providerDraft';

describe('the provider form', () => {
  it('says what is wrong with each field, and gives no config until all are right', () => {
    const draft = {
      ...emptyDraft('mock'),
      name: '2fast',
      tools: [{ ...emptyMockTool(), name: '', inputSchema: '{ "type": ', response: '[1,' }],
    };
    const { config, errors } = buildProviderConfig(draft);
    expect(config).toBeUndefined();
    expect(errors.name).toContain('must be a JavaScript identifier');
    expect(errors['tools.0.name']).toBe('a tool name is needed');
    expect(errors['tools.0.inputSchema']).toContain('not valid JSON');
    expect(errors['tools.0.response']).toContain('not valid JSON');
  });

  it('refuses a literal API key: only a secret reference may be stored', () => {
    const draft = {
      ...emptyDraft('tpmjs'),
      name: 'npm',
      baseUrl: 'http://127.0.0.1:8787',
      tpmjsTools: 'hello@1.0.0::greet',
      apiKey: 'sk-live-123',
    };
    expect(buildProviderConfig(draft).errors.apiKey).toContain('${secret:');
    expect(buildProviderConfig({ ...draft, apiKey: '${secret:TPMJS_KEY}' }).config).toEqual({
      name: 'npm',
      kind: 'tpmjs',
      baseUrl: 'http://127.0.0.1:8787',
      tools: ['hello@1.0.0::greet'],
      apiKey: '${secret:TPMJS_KEY}',
    });
  });

  it('round-trips every kind of existing config through the form unchanged', () => {
    const configs: ProviderConfig[] = [
      {
        id: 'm',
        name: 'demo',
        kind: 'mock',
        tools: {
          echo: {
            description: 'Echo',
            inputSchema: { type: 'object' },
            latencyMs: 20,
            response: { mode: 'fixed', result: { a: 1 } },
          },
          judge: {
            response: {
              mode: 'rules',
              rules: [{ when: [{ path: '/x', equals: 1 }], then: { result: 'one' } }],
            },
          },
          ask: { response: { mode: 'manual' } },
          code: { response: { mode: 'handler', trusted: true, source: 'return input;' } },
        },
      },
      {
        id: 's',
        name: 'fs',
        kind: 'mcp',
        transport: { type: 'stdio', command: 'npx', args: ['-y', 'server'], env: { TOKEN: '${secret:T}' } },
      },
      {
        id: 'c',
        name: 'local',
        kind: 'mcp',
        transport: { type: 'stdio', command: './bin/server', cwd: 'tools/mcp' },
      },
      {
        id: 'h',
        name: 'web',
        kind: 'mcp',
        transport: {
          type: 'http',
          url: 'http://127.0.0.1:3000/mcp',
          headers: { Authorization: 'Bearer ${secret:W}' },
        },
        requestTimeoutMs: 5000,
        maxTotalTimeoutMs: 60000,
        logLevel: 'warning',
      },
      {
        id: 't',
        name: 'npm',
        kind: 'tpmjs',
        baseUrl: 'http://127.0.0.1:1',
        tools: [{ ref: 'a@1.0.0::b', inputSchema: { type: 'object' } }, 'c@2.0.0::d'],
      },
      { id: 'f', name: 'local', kind: 'module', path: './tools.mjs' },
    ];
    for (const config of configs) {
      expect(buildProviderConfig(draftFromConfig(config))).toEqual({ config, errors: {} });
    }
  });

  it('saving an edit keeps what the form does not show: mock answers to server requests, output types, approvals', () => {
    const existing: ProviderConfig = {
      id: 'ev',
      name: 'everything',
      kind: 'mcp',
      transport: { type: 'stdio', command: 'node', args: ['server.js'] },
      serverRequests: { sampling: [{ then: { action: 'accept', text: 'Mock reply' } }] },
      outputTypes: { echo: { type: 'object' } },
      askBeforeRunning: ['echo'],
    };
    const { config } = buildProviderConfig({ ...draftFromConfig(existing), description: 'edited' });
    expect(config).not.toHaveProperty('serverRequests');
    expect(withFieldsNotInTheForm(config!, existing)).toEqual({ ...existing, description: 'edited' });
    // Another kind has none of these.
    const mock = buildProviderConfig({
      ...emptyDraft('mock'),
      name: 'm',
      tools: [{ ...emptyMockTool(), name: 't' }],
    });
    expect(withFieldsNotInTheForm(mock.config!, existing)).toEqual(mock.config);
  });

  it('keeps a stdio working directory, trimmed, and leaves it out when blank (the workspace folder)', () => {
    const draft = { ...emptyDraft('mcp'), name: 'fs', command: 'node', cwd: '  servers ' };
    expect(buildProviderConfig(draft).config).toMatchObject({ transport: { type: 'stdio', cwd: 'servers' } });
    const blank = buildProviderConfig({ ...draft, cwd: '   ' }).config;
    expect(blank?.kind === 'mcp' && 'cwd' in blank.transport).toBe(false);
  });

  it('checks the MCP maximum total (not below the request timeout) and the log level', () => {
    const draft = { ...emptyDraft('mcp'), name: 'fs', command: 'node', requestTimeoutMs: '5000' };
    expect(buildProviderConfig({ ...draft, maxTotalTimeoutMs: '4000' }).errors.maxTotalTimeoutMs).toContain(
      'at least the request timeout',
    );
    // Without a request timeout, the default (30 s) is the floor.
    expect(
      buildProviderConfig({ ...draft, requestTimeoutMs: '', maxTotalTimeoutMs: '20000' }).errors
        .maxTotalTimeoutMs,
    ).toBeDefined();
    expect(buildProviderConfig({ ...draft, maxTotalTimeoutMs: 'soon' }).errors.maxTotalTimeoutMs).toBe(
      'a whole number of milliseconds',
    );
    expect(buildProviderConfig({ ...draft, logLevel: 'loud' }).errors.logLevel).toContain('debug, info');
    expect(
      buildProviderConfig({ ...draft, maxTotalTimeoutMs: '9000', logLevel: 'debug' }).config,
    ).toMatchObject({
      maxTotalTimeoutMs: 9000,
      logLevel: 'debug',
    });
  });
});
