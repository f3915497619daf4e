import { access, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import importMcpCommand from '../../src/main/faces/cli/importMcpCommand';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import { planMcpImport } from '../../src/main/services/workspace/planMcpImport';
import { hostsDisposedAfterEach, tempDir, writeWorkspace } from './hostFixture';

const NONE = { providerNames: [], secretNames: [] };
const GITHUB_TOKEN = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const OPENAI_KEY = 'sk-' + 'proj9XyZ8wVu7TsR6qPo5NmL4kJi';

const claudeDesktop = JSON.stringify({
  mcpServers: {
    'github-server': {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: GITHUB_TOKEN, LOG_LEVEL: 'debug' },
    },
    filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
  },
});

describe('planMcpImport: the four formats', () => {
  it("reads Claude Desktop's stdio servers and moves the token to a secret", () => {
    const { preview, secretValues } = planMcpImport(
      claudeDesktop,
      '/home/me/claude_desktop_config.json',
      NONE,
    );
    expect(preview.format).toBe('Claude Desktop');
    expect(preview.problems).toEqual([]);
    const [github, fs] = preview.servers;
    expect(github?.config).toMatchObject({
      name: 'github_server',
      kind: 'mcp',
      transport: {
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-github'],
        env: {
          GITHUB_PERSONAL_ACCESS_TOKEN: '${secret:GITHUB_SERVER_GITHUB_PERSONAL_ACCESS_TOKEN}',
          LOG_LEVEL: 'debug',
        },
      },
    });
    expect(github?.secretsMoved).toEqual([
      {
        name: 'GITHUB_SERVER_GITHUB_PERSONAL_ACCESS_TOKEN',
        place: {
          jsonPath: '$.mcpServers["github-server"].env.GITHUB_PERSONAL_ACCESS_TOKEN',
          line: 1,
          column: 139,
        },
        why: 'it has the form of a well-known token',
      },
    ]);
    expect(secretValues).toEqual({ GITHUB_SERVER_GITHUB_PERSONAL_ACCESS_TOKEN: GITHUB_TOKEN });
    expect(JSON.stringify(preview)).not.toContain(GITHUB_TOKEN);
    expect(fs?.config.name).toBe('filesystem');
  });

  it("reads Cursor's URL servers: headers' credentials moved with their Bearer kept, ${env:…} to enter", () => {
    const text = JSON.stringify(
      {
        mcpServers: {
          remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: `Bearer ${OPENAI_KEY}` } },
          other: { url: 'http://127.0.0.1:9/sse', type: 'sse', headers: { 'X-Api-Key': '${env:OTHER_KEY}' } },
        },
      },
      null,
      2,
    );
    const { preview, secretValues } = planMcpImport(text, '/p/.cursor/mcp.json', {
      providerNames: ['remote'],
      secretNames: [],
    });
    expect(preview.format).toBe('Cursor');
    const [remote, other] = preview.servers;
    expect(remote?.config).toMatchObject({
      name: 'remote_2',
      transport: {
        type: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer ${secret:REMOTE_2_AUTHORIZATION}' },
      },
    });
    expect(secretValues).toEqual({ REMOTE_2_AUTHORIZATION: OPENAI_KEY });
    expect(remote?.secretsMoved[0]?.place).toMatchObject({ line: 6, column: 26 });
    expect(other?.config.transport).toEqual({
      type: 'sse',
      url: 'http://127.0.0.1:9/sse',
      headers: { 'X-Api-Key': '${secret:OTHER_KEY}' },
    });
    expect(other?.secretsToEnter).toEqual([
      expect.objectContaining({ name: 'OTHER_KEY', about: 'the environment variable OTHER_KEY' }),
    ]);
  });

  it("reads VS Code's servers with comments, and its inputs become secrets to enter", () => {
    const text = `{
  // asked by VS Code when the server starts
  "inputs": [{ "type": "promptString", "id": "perplexity-key", "description": "Perplexity API Key", "password": true }],
  "servers": {
    "perplexity": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "server-perplexity-ask"],
      "env": { "PERPLEXITY_API_KEY": "\${input:perplexity-key}" },
      "envFile": "\${workspaceFolder}/.env",
    },
    "docs": { "type": "http", "url": "https://docs.example.com/mcp" },
  },
}`;
    const { preview, secretValues } = planMcpImport(text, '/p/.vscode/mcp.json', NONE);
    expect(preview.format).toBe('VS Code');
    expect(preview.problems).toEqual([]);
    const [perplexity, docs] = preview.servers;
    expect(perplexity?.config.transport).toMatchObject({
      env: { PERPLEXITY_API_KEY: '${secret:PERPLEXITY_KEY}' },
    });
    expect(perplexity?.secretsToEnter).toEqual([
      {
        name: 'PERPLEXITY_KEY',
        about: 'Perplexity API Key',
        place: { jsonPath: '$.servers.perplexity.env.PERPLEXITY_API_KEY', line: 9, column: 38 },
      },
    ]);
    expect(perplexity?.notes).toEqual(['envFile is not read: set its variables under env']);
    expect(docs?.config.transport).toEqual({ type: 'http', url: 'https://docs.example.com/mcp' });
    expect(secretValues).toEqual({});
  });

  it("reads Claude Code's .mcp.json: typed servers, ${VAR:-default} as a secret to enter", () => {
    const text = JSON.stringify({
      mcpServers: {
        api: {
          type: 'http',
          url: 'https://api.example.com/mcp',
          headers: { Authorization: 'Bearer ${API_KEY:-none}' },
        },
        local: { type: 'stdio', command: '${HOME}/bin/server', args: [], env: {} },
      },
    });
    const { preview } = planMcpImport(text, '/repo/.mcp.json', {
      providerNames: [],
      secretNames: ['API_KEY'],
    });
    expect(preview.format).toBe('Claude Code');
    const [api, local] = preview.servers;
    expect(api?.config.transport).toMatchObject({ headers: { Authorization: 'Bearer ${secret:API_KEY}' } });
    // The store already has API_KEY: nothing to enter.
    expect(api?.secretsToEnter).toEqual([]);
    expect(local?.config.transport).toEqual({ type: 'stdio', command: '${HOME}/bin/server' });
    expect(local?.notes).toEqual([expect.stringContaining('command holds ${HOME}')]);
  });
});

describe('planMcpImport: what cannot be read', () => {
  it('reports each bad entry with where and why, and imports the good ones', () => {
    const text = `{
  "mcpServers": {
    "ok": { "command": "node", "args": ["server.js"] },
    "notAnObject": 42,
    "nothing": { "env": {} },
    "badArgs": { "command": "node", "args": "server.js" },
    "ftp": { "url": "ftp://files.example.com/" },
    "notUrl": { "url": "not a url" },
    "weird": { "type": "websocket", "url": "ws://x" },
    "badEnv": { "command": "node", "env": { "A": { "nested": true } } },
    "class": { "command": "node" }
  }
}`;
    const { preview } = planMcpImport(text, 'claude_desktop_config.json', NONE);
    expect(preview.servers.map((s) => [s.serverName, s.config.name])).toEqual([
      ['ok', 'ok'],
      ['class', 'class_'],
    ]);
    expect(preview.problems.map((p) => [p.place.jsonPath, p.place.line, p.message])).toEqual([
      ['$.mcpServers.notAnObject', 4, "server 'notAnObject' is not an object"],
      ['$.mcpServers.nothing', 5, 'has neither "command" nor "url"'],
      ['$.mcpServers.badArgs.args', 6, '"args" is not an array'],
      ['$.mcpServers.ftp.url', 7, '"url" must be http or https, not ftp:'],
      ['$.mcpServers.notUrl.url', 8, '"url" is not a URL: "not a url"'],
      ['$.mcpServers.weird.type', 9, '"type" \'websocket\' is none of stdio, http and sse'],
      ['$.mcpServers.badEnv.env.A', 10, "the environment variable 'A' is not a string"],
    ]);
  });

  it('says why a whole file cannot be read', () => {
    const at = (text: string) => planMcpImport(text, 'x.json', NONE).preview.problems;
    expect(at('{ "mcpServers": { ')).toEqual([
      {
        place: expect.objectContaining({ jsonPath: '$', line: 1 }),
        message: expect.stringMatching(/^not valid JSON/),
      },
    ]);
    expect(at('{ "other": {} }')[0]?.message).toMatch(/neither "mcpServers" .* nor "servers"/);
    expect(at('['.repeat(2000))[0]?.message).toMatch(/too deeply nested at x.json:1:/);
    expect(at(' '.repeat(1_000_001))[0]?.message).toMatch(/larger than 1,000,000 characters/);
  });

  it('takes a __proto__ server as a name, not as the prototype', () => {
    const { preview } = planMcpImport('{"mcpServers":{"__proto__":{"command":"node"}}}', 'mcp.json', NONE);
    expect(preview.servers.map((s) => s.config.name)).toEqual(['__proto___']);
    expect(({} as Record<string, unknown>).command).toBeUndefined();
  });

  it('warns where a credential stays in the file because args and URLs cannot hold secrets', () => {
    const text = JSON.stringify({
      mcpServers: {
        a: { command: 'server', args: ['--key', GITHUB_TOKEN] },
        b: { url: `https://x.example.com/mcp?api_key=${OPENAI_KEY}` },
      },
    });
    const [a, b] = planMcpImport(text, 'mcp.json', NONE).preview.servers;
    expect(a?.notes).toEqual([
      expect.stringMatching(/^args\[1\] looks like a credential .* pass it through env/),
    ]);
    expect(b?.notes).toEqual([expect.stringMatching(/^the URL's 'api_key' looks like a credential/)]);
  });
});

const { host } = hostsDisposedAfterEach();

describe('importing into an open workspace', () => {
  it('stores the secrets, saves references only, and starts no command before the trust answer', async () => {
    const dir = await tempDir();
    const marker = path.join(dir, 'started.marker');
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {});
    const { host: h, configDir } = await host({ workspacePath: file });
    const config = JSON.stringify({
      mcpServers: {
        marker: {
          command: process.execPath,
          args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`],
          env: { API_TOKEN: GITHUB_TOKEN },
        },
      },
    });
    const preview = await h.providers.previewMcpImport(config, 'claude_desktop_config.json');
    expect(preview.servers.map((s) => s.config.name)).toEqual(['marker']);
    expect((await h.providers.list()).length).toBe(0);

    const result = await h.providers.importMcpServers(config, 'claude_desktop_config.json');
    expect(result.providerIds).toHaveLength(1);
    const view = await h.workspace.get();
    expect(view.pendingTrust.map((t) => [t.providerName, t.kind])).toEqual([['marker', 'command']]);
    expect((await h.providers.list()).map((p) => p.state)).toEqual(['awaiting_trust']);
    expect(await createFileSecretStore(configDir).get('MARKER_API_TOKEN')).toBe(GITHUB_TOKEN);
    const saved = await readFile(file, 'utf8');
    expect(saved).not.toContain(GITHUB_TOKEN);
    expect(saved).toContain('${secret:MARKER_API_TOKEN}');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(access(marker)).rejects.toThrow();
    // A second import of the same file names the provider and secret anew instead of overwriting.
    const again = await h.providers.previewMcpImport(config, 'claude_desktop_config.json');
    expect(again.servers[0]?.config.name).toBe('marker_2');
    expect(again.servers[0]?.secretsMoved[0]?.name).toBe('MARKER_2_API_TOKEN');
  });

  it('refuses arguments that are not text', async () => {
    const dir = await tempDir();
    const { host: h } = await host({
      workspacePath: await writeWorkspace(path.join(dir, 'w.execbox.json'), {}),
    });
    await expect(h.providers.importMcpServers(42 as unknown as string, 'x.json')).rejects.toThrow(
      /text must be a string/,
    );
    await expect(h.providers.previewMcpImport('{}', '' as string)).rejects.toThrow(
      /fileName must not be empty/,
    );
  });
});

describe('execbox import-mcp', () => {
  let stdout = '';
  let stderr = '';
  let dir = '';
  beforeEach(async () => {
    dir = await tempDir('execbox-import-');
    stdout = '';
    stderr = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  });
  afterEach(() => vi.restoreAllMocks());

  it('adds the servers to the workspace and the token to the config folder, and --dry-run changes nothing', async () => {
    const workspace = await writeWorkspace(path.join(dir, 'w.execbox.json'), {});
    const source = path.join(dir, 'claude_desktop_config.json');
    await writeFile(source, claudeDesktop);
    const configDir = path.join(dir, 'config');
    const before = await readFile(workspace, 'utf8');

    expect(
      await importMcpCommand([source, '--workspace', workspace, '--config-dir', configDir, '--dry-run']),
    ).toBe(0);
    expect(await readFile(workspace, 'utf8')).toBe(before);
    await expect(readdir(configDir)).rejects.toThrow();
    expect(stdout).toContain(
      "+ github_server (from 'github-server'): runs npx -y @modelcontextprotocol/server-github",
    );
    expect(stdout).toContain(`secret GITHUB_SERVER_GITHUB_PERSONAL_ACCESS_TOKEN ← ${source}:1:139`);

    expect(await importMcpCommand([source, '--workspace', workspace, '--config-dir', configDir])).toBe(0);
    const saved = await readFile(workspace, 'utf8');
    expect(JSON.parse(saved).providers.map((p: { name: string }) => p.name)).toEqual([
      'github_server',
      'filesystem',
    ]);
    expect(saved).not.toContain(GITHUB_TOKEN);
    expect(await createFileSecretStore(configDir).get('GITHUB_SERVER_GITHUB_PERSONAL_ACCESS_TOKEN')).toBe(
      GITHUB_TOKEN,
    );
    expect(stdout).not.toContain(GITHUB_TOKEN);
  });

  it('exits 1 with the reasons when nothing can be read, and 2 on bad arguments', async () => {
    const workspace = await writeWorkspace(path.join(dir, 'w.execbox.json'), {});
    const source = path.join(dir, 'mcp.json');
    await writeFile(source, '{"mcpServers":{"a":{}}}');
    expect(await importMcpCommand([source, '--workspace', workspace, '--config-dir', dir])).toBe(1);
    expect(stdout).toContain(`! not read: ${source}:1:20 ($.mcpServers.a): has neither "command" nor "url"`);
    expect(await importMcpCommand([source])).toBe(2);
    expect(stderr).toContain('--workspace W.execbox.json is required');
    expect(await importMcpCommand([path.join(dir, 'missing.json'), '--workspace', workspace])).toBe(2);
    expect(stderr).toContain('no such file');
  });
});
