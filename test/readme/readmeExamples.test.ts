import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/main/faces/cli/index';
import { validateProviderConfig } from '../../src/main/services/workspace/validateWorkspaceDocument';
import { fencedBlocks, parseJsonBlock, readmeCommands, readReadme } from './readmeExamples';

// Issue 40: every command and JSON example in the README works when pasted on a fresh machine.
// Offline: what would need the internet is checked where it cannot reach it (packages resolve from
// node_modules, npx runs with npm offline), so this runs in CI with the rest of the unit tests.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const requireHere = createRequire(import.meta.url);
const readme = readReadme();
const NPX_YES = new Set(['-y', '--yes']);

/** Whether an npm package is installed here with a bin (what npx runs). */
function installedBin(name: string): boolean {
  try {
    const manifest = requireHere(`${name}/package.json`) as { bin?: unknown };
    return manifest.bin !== undefined;
  } catch {
    return false;
  }
}

/** What is wrong with one command as a reader would paste it, or undefined. */
function commandProblem(command: string): string | undefined {
  const words = command.split(/\s+/).filter((word) => !/^[A-Z_]+=/.test(word));
  const [tool, first, second] = words;
  if (tool === 'npm') {
    if (first === 'ci') return existsSync(`${ROOT}package-lock.json`) ? undefined : 'no package-lock.json';
    const script = first === 'run' ? second : first;
    if (script === 'install' || script === 'run-script') return undefined;
    return script && pkg.scripts[script] ? undefined : `no npm script '${script}'`;
  }
  if (tool === 'npx') {
    const yes = words.slice(1).some((word) => NPX_YES.has(word));
    const name = words.slice(1).find((word) => !word.startsWith('-'));
    if (!name) return 'npx without a package';
    if (name === 'execbox') return subcommandProblem(words[words.indexOf(name) + 1]);
    const ours = name in pkg.dependencies || name in pkg.devDependencies;
    if (!ours && !yes)
      return `npx ${name} is no dependency here and has no -y: npx refuses without a terminal`;
    return installedBin(name) ? undefined : `${name} is not installed here with a bin`;
  }
  if (tool === 'execbox') return subcommandProblem(first);
  if (tool === 'node' && first === 'bin/execbox.js') return subcommandProblem(second);
  return undefined;
}

/** `execbox` alone prints its commands; `execbox NAME` must be one of them. */
function subcommandProblem(name: string | undefined): string | undefined {
  return name === undefined || name in COMMANDS ? undefined : `execbox has no command '${name}'`;
}

/** Files the command names in this repository (`e2e/tap.spec.ts`, `examples/…`) must exist. */
function missingFiles(command: string): string[] {
  return command
    .split(/\s+/)
    .filter((word) => /^(e2e|examples|docs|scripts|test|bin)\/[\w./-]+$/.test(word))
    .filter((file) => !existsSync(`${ROOT}${file}`));
}

/** An MCP client's server entry (`mcpServers` / `servers`): what would fail when a client starts it. */
function serverEntryProblem(entry: Record<string, unknown>): string | undefined {
  if (typeof entry.url === 'string') {
    const url = new URL(entry.url);
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : `bad url ${entry.url}`;
  }
  if (typeof entry.command !== 'string' || !Array.isArray(entry.args)) return 'no command and args, no url';
  return launchProblem(entry.command, entry.args as string[]);
}

/**
 * A command an MCP client or the app starts: it runs from wherever that program is, with no terminal,
 * so npx must be told yes (without `-y` it stops with "npx canceled due to missing packages and no
 * YES option" wherever the package is not installed).
 */
function launchProblem(command: string, args: readonly string[]): string | undefined {
  if (command === 'npx' && !args.some((arg) => NPX_YES.has(arg)))
    return `npx ${args.join(' ')} needs -y: it is started without a terminal, where npx cannot ask`;
  if (command === 'npx') return commandProblem(['npx', ...args].join(' '));
  const script = args.find((arg) => arg.endsWith('bin/execbox.js'));
  if (/(^|\/)node$/.test(command) && script) return subcommandProblem(args[args.indexOf(script) + 1]);
  return undefined;
}

describe('the README', () => {
  const commands = readmeCommands(readme);
  const blocks = fencedBlocks(readme);

  it('finds the examples it checks', () => {
    expect(commands.length).toBeGreaterThan(5);
    expect(blocks.filter((b) => b.lang === 'json').length).toBeGreaterThanOrEqual(6);
  });

  it.each(commands)('command at line $line works as pasted: $command', ({ command }) => {
    expect(commandProblem(command)).toBeUndefined();
    expect(missingFiles(command)).toEqual([]);
  });

  it.each(blocks.filter((b) => b.lang === 'json'))(
    'JSON example at line $line parses and validates',
    (block) => {
      const value = parseJsonBlock(block.text) as Record<string, unknown>;
      const servers = (value.mcpServers ?? value.servers) as
        Record<string, Record<string, unknown>> | undefined;
      if (servers) {
        expect(Object.keys(servers).length).toBeGreaterThan(0);
        for (const entry of Object.values(servers)) expect(serverEntryProblem(entry)).toBeUndefined();
        return;
      }
      // A provider, or a provider's `serverRequests` shown on its own.
      const provider =
        value.kind !== undefined
          ? value
          : { id: 'x', name: 'x', kind: 'mcp', transport: { type: 'stdio', command: 'node' }, ...value };
      expect(validateProviderConfig(provider)).toEqual([]);
      const transport = provider.transport as { type: string; command?: string; args?: string[] };
      if (transport.type === 'stdio' && transport.command)
        expect(launchProblem(transport.command, transport.args ?? [])).toBeUndefined();
    },
  );

  it('its MCP provider example starts the server as written, offline, and it answers', async () => {
    const example = blocks
      .filter((b) => b.lang === 'json')
      .map(
        (b) => parseJsonBlock(b.text) as { kind?: string; transport?: { command: string; args: string[] } },
      )
      .find((value) => value.kind === 'mcp' && value.transport?.command === 'npx');
    expect(example).toBeDefined();
    const { command, args } = example!.transport!;
    const client = new Client({ name: 'readme-test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command,
      args,
      cwd: ROOT,
      // npm offline: the package must come from node_modules, as it does once installed.
      env: { ...getDefaultEnvironment(), npm_config_offline: 'true', npm_config_update_notifier: 'false' },
      stderr: 'ignore',
    });
    try {
      await client.connect(transport, { timeout: 60_000 });
      expect(client.getServerVersion()?.name).toBeTruthy();
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  }, 90_000);

  // What `npm ci` prints on the Node the README names is either gone or explained there.
  const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean; engines?: { node?: string } }>;
  };
  const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

  it('allowScripts covers every dependency with an install script, so npm warns of none', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([key, entry]) => key !== '' && entry.hasInstallScript)
      .map(([key]) => nameOf(key));
    expect(withScripts.filter((name) => !(name in pkg.allowScripts))).toEqual([]);
  });

  it('names every package that asks for a newer Node than the oldest it supports (EBADENGINE)', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    const picky = Object.entries(lock.packages)
      .filter(
        ([key, entry]) => key !== '' && entry.engines?.node && !semver.satisfies(oldest, entry.engines.node),
      )
      .map(([key]) => nameOf(key));
    expect(picky.length).toBeGreaterThan(0);
    expect(picky.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
