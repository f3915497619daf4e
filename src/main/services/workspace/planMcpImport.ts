import path from 'node:path';
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import {
  MCP_IMPORT_MAX_CHARS,
  type McpClientFormat,
  type McpImportedServer,
  type McpImportPlace,
  type McpImportPreview,
  type McpImportProblem,
} from '../../../shared/api/mcpImport';
import type { McpTransportConfig } from '../../../shared/api/providers';
import { lineColumnAt } from '../../../shared/lineColumnAt';
import { looksLikeCredential, suggestSecretName } from '../../../shared/looksLikeCredential';
import { namespaceNameProblem } from '../../../shared/protocol/identifiers';
import { tooDeeplyNested } from '../../../shared/tooDeeplyNested';
import { sanitizeToolName } from '../../engine/core/sanitizeToolName';
import { toJsonPath, validateProviderConfig } from './validateWorkspaceDocument';

/** What an import would do; `secretValues` (name → value) never leaves the host. */
export interface McpImportPlan {
  preview: McpImportPreview;
  secretValues: Record<string, string>;
}

export interface McpImportTaken {
  providerNames: readonly string[];
  secretNames: readonly string[];
}

type Segments = (string | number)[];

const JSONC = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false };
/** `${input:ID}` (VS Code), `${env:NAME}` (VS Code, Cursor), `${NAME}` / `${NAME:-default}` (Claude Code). */
const VARIABLE = /\$\{(?:(input|env):([^}]+)|([A-Z_][A-Z0-9_]*)(?::-[^}]*)?)\}/g;
const ANY_VARIABLE = /\$\{[^}]*\}/;
const CREDENTIAL_PREFIX = /^((?:Bearer|Basic|token)\s+)/i;
const STDIO_FIELDS = new Set(['type', 'command', 'args', 'env', 'cwd']);
const URL_FIELDS = new Set(['type', 'url', 'headers']);
const IGNORED_QUIETLY = new Set(['description', 'disabled', 'alwaysAllow', 'autoApprove', 'timeout']);

function formatOf(fileName: string, key: 'mcpServers' | 'servers'): McpClientFormat {
  if (key === 'servers') return 'VS Code';
  const base = path.basename(fileName.replace(/\\/g, '/'));
  if (base === 'claude_desktop_config.json') return 'Claude Desktop';
  if (base === '.mcp.json') return 'Claude Code';
  if (base === 'mcp.json') return 'Cursor';
  return 'mcpServers';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an MCP client's configuration file into providers, moving credentials out of it. */
export function planMcpImport(text: string, fileName: string, taken: McpImportTaken): McpImportPlan {
  const problems: McpImportProblem[] = [];
  const empty = (format: McpClientFormat = 'mcpServers'): McpImportPlan => ({
    preview: { fileName, format, servers: [], problems },
    secretValues: {},
  });
  if (text.length > MCP_IMPORT_MAX_CHARS) {
    problems.push({
      place: { jsonPath: '$' },
      message: `the file is larger than ${MCP_IMPORT_MAX_CHARS.toLocaleString('en')} characters; an MCP configuration is much smaller`,
    });
    return empty();
  }
  const source = text.replace(/^\uFEFF/, '');
  const tooDeep = tooDeeplyNested(source, fileName);
  if (tooDeep) {
    problems.push({
      place: { jsonPath: '$', line: tooDeep.line, column: tooDeep.column },
      message: tooDeep.message,
    });
    return empty();
  }
  const errors: ParseError[] = [];
  const tree = parseTree(source, errors, JSONC);
  if (errors.length > 0 || !tree) {
    const first = errors[0];
    problems.push({
      place: { jsonPath: '$', ...(first ? lineColumnAt(source, first.offset) : {}) },
      message: first ? `not valid JSON: ${printParseErrorCode(first.error)}` : 'the file is empty',
    });
    return empty();
  }
  const placeOf = (segments: Segments): McpImportPlace => {
    const node: Node | undefined = findNodeAtLocation(tree, segments);
    return { jsonPath: toJsonPath(segments), ...(node ? lineColumnAt(source, node.offset) : {}) };
  };
  const root = plainValue(tree);
  let container: Segments | undefined;
  if (isRecord(root) && isRecord(root.mcpServers)) container = ['mcpServers'];
  else if (isRecord(root) && isRecord(root.servers)) container = ['servers'];
  else if (isRecord(root) && isRecord(root.mcp) && isRecord(root.mcp.servers)) container = ['mcp', 'servers'];
  if (!container) {
    problems.push({
      place: placeOf([]),
      message:
        'no servers found: the file has neither "mcpServers" (Claude Desktop, Cursor, Claude Code) nor "servers" (VS Code) as an object',
    });
    return empty();
  }
  const format = formatOf(fileName, container.at(-1) === 'servers' ? 'servers' : 'mcpServers');
  const entries = container.reduce<Record<string, unknown>>(
    (value, key) => (value[key] as Record<string, unknown>) ?? {},
    root as Record<string, unknown>,
  );
  const inputs = readInputs(root, placeOf, problems);
  const state = new ImportState(taken, inputs);
  const servers: McpImportedServer[] = [];
  for (const [serverName, entry] of Object.entries(entries)) {
    const at = [...container, serverName];
    const read = readServer(serverName, entry, at, placeOf, state, format, fileName);
    if ('problem' in read) problems.push({ place: placeOf(read.at), message: read.problem });
    else {
      servers.push(read.server);
      state.commit(read.server, read.values);
    }
  }
  return { preview: { fileName, format, servers, problems }, secretValues: state.secretValues };
}

/** The tree's value; keys are own properties (a `__proto__` key is just a name). */
function plainValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value)
          Object.defineProperty(out, String(key.value), {
            value: plainValue(value),
            enumerable: true,
            writable: true,
            configurable: true,
          });
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(plainValue);
    default:
      return node.value;
  }
}

interface InputInfo {
  description?: string;
}

function readInputs(
  root: unknown,
  placeOf: (segments: Segments) => McpImportPlace,
  problems: McpImportProblem[],
): Map<string, InputInfo> {
  const inputs = new Map<string, InputInfo>();
  if (!isRecord(root) || root.inputs === undefined) return inputs;
  if (!Array.isArray(root.inputs)) {
    problems.push({
      place: placeOf(['inputs']),
      message: '"inputs" is not an array; its values are asked for as secrets',
    });
    return inputs;
  }
  root.inputs.forEach((input, index) => {
    if (isRecord(input) && typeof input.id === 'string')
      inputs.set(input.id, typeof input.description === 'string' ? { description: input.description } : {});
    else
      problems.push({
        place: placeOf(['inputs', index]),
        message: 'an input without a string "id"; it is left out',
      });
  });
  return inputs;
}

/** Names assigned so far in this import, so two servers never get the same name or secret. */
class ImportState {
  readonly secretValues: Record<string, string> = {};
  private readonly providerNames: Set<string>;
  private readonly secretNames: Set<string>;
  /** A variable (`input:ID`, `env:NAME`) maps to one secret for the whole file. */
  readonly variableSecrets = new Map<string, string>();

  constructor(
    taken: McpImportTaken,
    readonly inputs: Map<string, InputInfo>,
  ) {
    this.providerNames = new Set(taken.providerNames);
    this.secretNames = new Set(taken.secretNames);
  }

  providerName(serverName: string): string {
    let base = sanitizeToolName(serverName);
    if (namespaceNameProblem(base)) base = `${base}_mcp`;
    let name = base;
    for (let n = 2; this.providerNames.has(name); n += 1) name = `${base}_${n}`;
    return name;
  }

  secretName(wanted: string, pending: ReadonlySet<string>): string {
    return suggestSecretName(wanted, [...this.secretNames, ...pending]);
  }

  isStored(name: string): boolean {
    return this.secretNames.has(name);
  }

  commit(server: McpImportedServer, values: Record<string, string>): void {
    this.providerNames.add(server.config.name);
    for (const [name, value] of Object.entries(values)) {
      this.secretNames.add(name);
      this.secretValues[name] = value;
    }
    for (const entry of server.secretsToEnter) this.secretNames.add(entry.name);
  }
}

type ServerRead =
  { server: McpImportedServer; values: Record<string, string> } | { problem: string; at: Segments };

function readServer(
  serverName: string,
  entry: unknown,
  at: Segments,
  placeOf: (segments: Segments) => McpImportPlace,
  state: ImportState,
  format: McpClientFormat,
  fileName: string,
): ServerRead {
  if (!isRecord(entry)) return { problem: `server '${serverName}' is not an object`, at };
  const type = entry.type;
  if (type !== undefined && typeof type !== 'string')
    return { problem: '"type" is not a string', at: [...at, 'type'] };
  const isUrl = entry.url !== undefined && entry.command === undefined;
  const kind = type ?? (isUrl ? 'http' : 'stdio');
  const name = state.providerName(serverName);
  const server: McpImportedServer = {
    serverName,
    config: {
      name,
      kind: 'mcp',
      description: `Imported from ${format} (${path.basename(fileName)})`,
      transport: { type: 'stdio', command: '' },
    },
    secretsMoved: [],
    secretsToEnter: [],
    notes: [],
  };
  if (name !== serverName)
    server.notes.push(`named '${name}' (guest code calls ${name}.tool(); '${serverName}' is no usable name)`);
  const values: Record<string, string> = {};
  const secretField = (field: 'env' | 'headers', key: string, value: string): string =>
    moveSecrets(key, value, [...at, field, key], placeOf, state, server, values);
  let transport: McpTransportConfig;
  if (kind === 'stdio') {
    if (typeof entry.command !== 'string' || entry.command.trim() === '')
      return {
        problem:
          entry.command === undefined
            ? 'has neither "command" nor "url"'
            : '"command" is not a non-empty string',
        at: entry.command === undefined ? at : [...at, 'command'],
      };
    const args = readStrings(entry.args, [...at, 'args']);
    if ('problem' in args) return args;
    const env = readRecord(entry.env, [...at, 'env'], 'environment variable');
    if ('problem' in env) return env;
    if (entry.cwd !== undefined && typeof entry.cwd !== 'string')
      return { problem: '"cwd" is not a string', at: [...at, 'cwd'] };
    keptAsWritten('command', entry.command, server);
    args.value.forEach((arg, index) => {
      keptAsWritten(`args[${index}]`, arg, server);
      const why = looksLikeCredential('', arg);
      if (why)
        server.notes.push(
          `args[${index}] looks like a credential (${why}) but stays in the workspace file: arguments cannot refer to secrets, so pass it through env if the server reads one`,
        );
    });
    const envOut = Object.fromEntries(
      Object.entries(env.value).map(([key, value]) => [key, secretField('env', key, value)]),
    );
    transport = {
      type: 'stdio',
      command: entry.command,
      ...(args.value.length > 0 ? { args: args.value } : {}),
      ...(Object.keys(envOut).length > 0 ? { env: envOut } : {}),
      ...(typeof entry.cwd === 'string' ? { cwd: entry.cwd } : {}),
    };
    noteOtherFields(entry, STDIO_FIELDS, server);
  } else if (kind === 'http' || kind === 'sse' || kind === 'streamable-http' || kind === 'streamableHttp') {
    if (typeof entry.url !== 'string')
      return { problem: 'has no "url" string', at: entry.url === undefined ? at : [...at, 'url'] };
    let url: URL;
    try {
      url = new URL(entry.url);
    } catch {
      return {
        problem: `"url" is not a URL: ${JSON.stringify(entry.url.slice(0, 200))}`,
        at: [...at, 'url'],
      };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { problem: `"url" must be http or https, not ${url.protocol}`, at: [...at, 'url'] };
    keptAsWritten('url', entry.url, server);
    for (const [param, value] of url.searchParams) {
      const why = looksLikeCredential(param, value);
      if (why)
        server.notes.push(
          `the URL's '${param}' looks like a credential (${why}) but stays in the workspace file: a URL cannot refer to secrets; send it as a header if the server takes one`,
        );
    }
    const headers = readRecord(entry.headers, [...at, 'headers'], 'header');
    if ('problem' in headers) return headers;
    const headersOut = Object.fromEntries(
      Object.entries(headers.value).map(([key, value]) => [key, secretField('headers', key, value)]),
    );
    transport = {
      type: kind === 'sse' ? 'sse' : 'http',
      url: entry.url,
      ...(Object.keys(headersOut).length > 0 ? { headers: headersOut } : {}),
    };
    noteOtherFields(entry, URL_FIELDS, server);
  } else {
    return { problem: `"type" '${kind}' is none of stdio, http and sse`, at: [...at, 'type'] };
  }
  server.config.transport = transport;
  if (entry.disabled === true) server.notes.push('it is disabled in the file; imported all the same');
  const invalid = validateProviderConfig({ ...server.config, id: 'imported' });
  if (invalid.length > 0) return { problem: invalid.join('; '), at };
  return { server, values };
}

function readStrings(value: unknown, at: Segments): { value: string[] } | { problem: string; at: Segments } {
  if (value === undefined) return { value: [] };
  if (!Array.isArray(value)) return { problem: '"args" is not an array', at };
  const bad = value.findIndex((item) => typeof item !== 'string');
  if (bad >= 0) return { problem: `args[${bad}] is not a string`, at: [...at, bad] };
  return { value: value as string[] };
}

function readRecord(
  value: unknown,
  at: Segments,
  what: string,
): { value: Record<string, string> } | { problem: string; at: Segments } {
  if (value === undefined) return { value: {} };
  if (!isRecord(value)) return { problem: `"${String(at.at(-1))}" is not an object`, at };
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'number' || typeof item === 'boolean') out[key] = String(item);
    else if (typeof item === 'string') out[key] = item;
    else return { problem: `the ${what} '${key}' is not a string`, at: [...at, key] };
  }
  return { value: out };
}

function keptAsWritten(field: string, value: string, server: McpImportedServer): void {
  const variable = ANY_VARIABLE.exec(value);
  if (variable)
    server.notes.push(
      `${field} holds ${variable[0]}, which the playground does not fill in there; it is kept as written`,
    );
}

function noteOtherFields(entry: Record<string, unknown>, used: Set<string>, server: McpImportedServer): void {
  for (const key of Object.keys(entry)) {
    if (used.has(key) || IGNORED_QUIETLY.has(key)) continue;
    server.notes.push(
      key === 'envFile'
        ? 'envFile is not read: set its variables under env'
        : `the field '${key}' is not used by the playground and is left out`,
    );
  }
}

/**
 * An env or header value as the provider keeps it: a client variable becomes a secret reference to
 * enter; a plain value that looks like a credential goes to the secret store (a `Bearer ` prefix stays).
 */
function moveSecrets(
  key: string,
  value: string,
  at: Segments,
  placeOf: (segments: Segments) => McpImportPlace,
  state: ImportState,
  server: McpImportedServer,
  values: Record<string, string>,
): string {
  const pending = new Set([...Object.keys(values), ...server.secretsToEnter.map((s) => s.name)]);
  if (ANY_VARIABLE.test(value)) {
    const replaced = value.replace(
      VARIABLE,
      (_match, scope: string | undefined, id: string | undefined, bare: string | undefined) => {
        const variable = scope ? `${scope}:${id}` : `env:${bare}`;
        let name = state.variableSecrets.get(variable);
        if (!name) {
          const wanted = suggestSecretName((id ?? bare) as string, []);
          // A secret of that name in the store is taken to be the one the client reads.
          name = state.isStored(wanted) ? wanted : state.secretName(wanted, pending);
          state.variableSecrets.set(variable, name);
          const about =
            scope === 'input'
              ? (state.inputs.get(id as string)?.description ?? `the input '${id}' the file asks for`)
              : `the environment variable ${id ?? bare}`;
          if (!state.isStored(name)) server.secretsToEnter.push({ name, place: placeOf(at), about });
        }
        pending.add(name);
        return `\${secret:${name}}`;
      },
    );
    if (replaced === value) keptAsWritten(key, value, server);
    return replaced;
  }
  const why = looksLikeCredential(key, value);
  if (!why) return value;
  const prefix = CREDENTIAL_PREFIX.exec(value)?.[1] ?? '';
  const name = state.secretName(`${server.config.name}_${key}`, pending);
  values[name] = value.slice(prefix.length).trim();
  server.secretsMoved.push({ name, place: placeOf(at), why });
  return `${prefix}\${secret:${name}}`;
}
