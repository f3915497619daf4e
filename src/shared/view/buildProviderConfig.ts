import {
  DEFAULT_MCP_REQUEST_TIMEOUT_MS,
  MCP_LOG_LEVELS,
  type McpLogLevel,
  type McpOAuthSettings,
  type MockResponse,
  type MockToolConfig,
  type NewProviderConfig,
  type ProviderConfig,
} from '../api/providers';
import type { MockToolDraft, ProviderDraft } from './providerDraft';
import { emptyDraft, emptyMockTool } from './providerDraft';

/** Field path (e.g. `name`, `tools.0.inputSchema`) → what is wrong with it. */
export type DraftErrors = Record<string, string>;

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;
const SECRET_REF = /^\$\{secret:[A-Za-z_][A-Za-z0-9_]*\}$/;
const TPMJS_REF = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*@[^\s:]+::[A-Za-z_$][\w$]*$/;

function parseJson(text: string, field: string, errors: DraftErrors): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    errors[field] = `not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
    return undefined;
  }
}

function parseSchema(
  text: string,
  field: string,
  errors: DraftErrors,
): Record<string, unknown> | boolean | undefined {
  if (text.trim() === '') return undefined;
  const value = parseJson(text, field, errors);
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean' && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    errors[field] = 'a JSON Schema is an object (or true/false)';
    return undefined;
  }
  return value as Record<string, unknown> | boolean;
}

function parsePositiveInt(text: string, field: string, errors: DraftErrors): number | undefined {
  if (text.trim() === '') return undefined;
  if (!/^\d+$/.test(text.trim())) {
    errors[field] = 'a whole number of milliseconds';
    return undefined;
  }
  return Number(text.trim());
}

function parsePairs(
  text: string,
  separator: '=' | ':',
  field: string,
  errors: DraftErrors,
): Record<string, string> | undefined {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return undefined;
  const pairs: Record<string, string> = {};
  lines.forEach((line, index) => {
    const at = line.indexOf(separator);
    if (at <= 0) {
      errors[field] = `line ${index + 1} needs the form NAME${separator === '=' ? '=' : ': '}value`;
      return;
    }
    pairs[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  });
  return pairs;
}

function checkUrl(text: string, field: string, errors: DraftErrors, protocols: string[]): string {
  const url = text.trim();
  try {
    const parsed = new URL(url);
    if (!protocols.includes(parsed.protocol))
      errors[field] = `the URL must start with ${protocols.map((p) => `${p}//`).join(' or ')}`;
  } catch {
    errors[field] = url ? 'not a valid URL' : 'a URL is needed';
  }
  return url;
}

function buildMockTool(tool: MockToolDraft, index: number, errors: DraftErrors): MockToolConfig {
  const at = `tools.${index}`;
  const config: MockToolConfig = { response: { mode: 'manual' } };
  if (tool.description.trim()) config.description = tool.description.trim();
  const inputSchema = parseSchema(tool.inputSchema, `${at}.inputSchema`, errors);
  if (inputSchema !== undefined) config.inputSchema = inputSchema;
  const outputSchema = parseSchema(tool.outputSchema, `${at}.outputSchema`, errors);
  if (outputSchema !== undefined) config.outputSchema = outputSchema;
  const latency = parsePositiveInt(tool.latencyMs, `${at}.latencyMs`, errors);
  if (latency !== undefined) config.latencyMs = latency;
  let response: MockResponse = { mode: 'manual' };
  if (tool.mode === 'fixed') {
    const result = parseJson(tool.response, `${at}.response`, errors);
    response = { mode: 'fixed', result };
  } else if (tool.mode === 'rules') {
    const rules = parseJson(tool.response, `${at}.response`, errors);
    if (rules !== undefined && !Array.isArray(rules))
      errors[`${at}.response`] = 'rules are a JSON array of { when, then }';
    response = { mode: 'rules', rules: Array.isArray(rules) ? rules : [] };
  } else if (tool.mode === 'handler') {
    if (!tool.handlerTrusted)
      errors[`${at}.handlerTrusted`] = 'a handler runs in the host: tick the box to say you trust it';
    if (!tool.handlerSource.trim()) errors[`${at}.handlerSource`] = 'the handler needs a body';
    response = { mode: 'handler', trusted: true, source: tool.handlerSource };
  }
  config.response = response;
  return config;
}

/** Checks the whole form; `config` is present only when there are no errors. */
export function buildProviderConfig(draft: ProviderDraft): {
  config?: NewProviderConfig;
  errors: DraftErrors;
} {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'a name is needed: it is the namespace your program calls (e.g. github)';
  else if (!IDENTIFIER.test(name))
    errors.name =
      'the name must be a JavaScript identifier (letters, digits, _ or $; not starting with a digit)';
  const base: { id?: string; name: string; description?: string } = { name };
  if (draft.id) base.id = draft.id;
  if (draft.description.trim()) base.description = draft.description.trim();
  const timeout = parsePositiveInt(draft.requestTimeoutMs, 'requestTimeoutMs', errors);

  let config: NewProviderConfig;
  switch (draft.kind) {
    case 'mock': {
      const tools: Record<string, MockToolConfig> = {};
      if (draft.tools.length === 0) errors.tools = 'add at least one tool';
      draft.tools.forEach((tool, index) => {
        const toolName = tool.name.trim();
        if (!toolName) errors[`tools.${index}.name`] = 'a tool name is needed';
        else if (Object.hasOwn(tools, toolName))
          errors[`tools.${index}.name`] = `there is already a tool named ${toolName}`;
        tools[toolName] = buildMockTool(tool, index, errors);
      });
      config = { ...base, kind: 'mock', tools };
      break;
    }
    case 'mcp': {
      if (draft.mcpTransport === 'stdio') {
        const command = draft.command.trim();
        if (!command) errors.command = 'the command that starts the MCP server is needed';
        const args = draft.args
          .split('\n')
          .map((a) => a.trim())
          .filter(Boolean);
        const env = parsePairs(draft.env, '=', 'env', errors);
        const cwd = draft.cwd.trim();
        config = {
          ...base,
          kind: 'mcp',
          transport: {
            type: 'stdio',
            command,
            ...(args.length ? { args } : {}),
            ...(env ? { env } : {}),
            ...(cwd ? { cwd } : {}),
          },
        };
      } else {
        const url = checkUrl(draft.url, 'url', errors, ['http:', 'https:']);
        const headers = parsePairs(draft.headers, ':', 'headers', errors);
        const oauth = oauthSettings(draft, errors);
        config = {
          ...base,
          kind: 'mcp',
          transport: {
            type: draft.mcpTransport,
            url,
            ...(headers ? { headers } : {}),
            ...(oauth ? { oauth } : {}),
          },
        };
      }
      if (timeout !== undefined) config.requestTimeoutMs = timeout;
      const maxTotal = parsePositiveInt(draft.maxTotalTimeoutMs, 'maxTotalTimeoutMs', errors);
      if (maxTotal !== undefined) {
        if (maxTotal < (timeout ?? DEFAULT_MCP_REQUEST_TIMEOUT_MS))
          errors.maxTotalTimeoutMs = 'the maximum total must be at least the request timeout';
        config.maxTotalTimeoutMs = maxTotal;
      }
      if (draft.logLevel) {
        if ((MCP_LOG_LEVELS as readonly string[]).includes(draft.logLevel))
          config.logLevel = draft.logLevel as McpLogLevel;
        else errors.logLevel = `choose one of ${MCP_LOG_LEVELS.join(', ')}`;
      }
      break;
    }
    case 'tpmjs': {
      const baseUrl = checkUrl(draft.baseUrl, 'baseUrl', errors, ['http:', 'https:']);
      const apiKey = draft.apiKey.trim();
      if (apiKey && !SECRET_REF.test(apiKey)) {
        errors.apiKey =
          'write a secret reference like ${secret:TPMJS_KEY} (set its value under Secrets), never the key itself';
      }
      const tools = draft.tpmjsTools
        .split('\n')
        .map((t) => t.trim())
        .filter(Boolean);
      if (tools.length === 0) errors.tpmjsTools = 'list at least one tool as package@version::tool';
      const bad = tools.find((t) => !TPMJS_REF.test(t));
      if (bad) errors.tpmjsTools = `“${bad}” is not package@version::tool`;
      const env = parsePairs(draft.env, '=', 'env', errors);
      const entries = tools.map(
        (ref) => draft.tpmjsEntries?.find((e) => typeof e !== 'string' && e.ref === ref) ?? ref,
      );
      config = {
        ...base,
        kind: 'tpmjs',
        baseUrl,
        tools: entries,
        ...(apiKey ? { apiKey } : {}),
        ...(env ? { env } : {}),
      };
      if (timeout !== undefined) config.requestTimeoutMs = timeout;
      break;
    }
    case 'module': {
      const path = draft.path.trim();
      if (!path) errors.path = 'the path of the ES module file is needed';
      config = { ...base, kind: 'module', path };
      break;
    }
  }
  return Object.keys(errors).length === 0 ? { config, errors } : { errors };
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const lines = (record: Record<string, string> | undefined, separator: string) =>
  Object.entries(record ?? {})
    .map(([k, v]) => `${k}${separator}${v}`)
    .join('\n');

/** The form's view of an existing provider. */
export function draftFromConfig(config: ProviderConfig): ProviderDraft {
  const draft = {
    ...emptyDraft(config.kind),
    id: config.id,
    name: config.name,
    description: config.description ?? '',
  };
  switch (config.kind) {
    case 'mock':
      draft.tools = Object.entries(config.tools).map(([name, tool]) => ({
        ...emptyMockTool(),
        name,
        description: tool.description ?? '',
        inputSchema: tool.inputSchema === undefined ? '' : pretty(tool.inputSchema),
        outputSchema: tool.outputSchema === undefined ? '' : pretty(tool.outputSchema),
        latencyMs: tool.latencyMs === undefined ? '' : String(tool.latencyMs),
        mode: tool.response.mode,
        response:
          tool.response.mode === 'fixed'
            ? pretty(tool.response.result)
            : tool.response.mode === 'rules'
              ? pretty(tool.response.rules)
              : '{}',
        handlerSource: tool.response.mode === 'handler' ? tool.response.source : 'return input;',
        handlerTrusted: tool.response.mode === 'handler',
      }));
      break;
    case 'mcp':
      draft.mcpTransport = config.transport.type;
      draft.requestTimeoutMs = config.requestTimeoutMs === undefined ? '' : String(config.requestTimeoutMs);
      draft.maxTotalTimeoutMs =
        config.maxTotalTimeoutMs === undefined ? '' : String(config.maxTotalTimeoutMs);
      draft.logLevel = config.logLevel ?? '';
      if (config.transport.type === 'stdio') {
        draft.command = config.transport.command;
        draft.args = (config.transport.args ?? []).join('\n');
        draft.env = lines(config.transport.env, '=');
        draft.cwd = config.transport.cwd ?? '';
      } else {
        draft.url = config.transport.url;
        draft.headers = lines(config.transport.headers, ': ');
        draft.oauthClientId = config.transport.oauth?.clientId ?? '';
        draft.oauthClientSecret = config.transport.oauth?.clientSecret ?? '';
        draft.oauthScope = config.transport.oauth?.scope ?? '';
      }
      break;
    case 'tpmjs':
      draft.baseUrl = config.baseUrl;
      draft.apiKey = config.apiKey ?? '';
      draft.tpmjsEntries = config.tools;
      draft.tpmjsTools = config.tools.map((t) => (typeof t === 'string' ? t : t.ref)).join('\n');
      draft.env = lines(config.env, '=');
      draft.requestTimeoutMs = config.requestTimeoutMs === undefined ? '' : String(config.requestTimeoutMs);
      break;
    case 'module':
      draft.path = config.path;
      break;
  }
  return draft;
}

/** Workspace fields the form does not show; saving an edit keeps them as they were. */
const FIELDS_NOT_IN_THE_FORM = ['outputTypes', 'askBeforeRunning', 'serverRequests'] as const;

/** The edited config plus the existing provider's fields the form does not edit (when the kind is unchanged). */
export function withFieldsNotInTheForm(
  config: NewProviderConfig,
  existing: ProviderConfig | undefined,
): NewProviderConfig {
  if (!existing || existing.kind !== config.kind) return config;
  const kept: Record<string, unknown> = {};
  for (const field of FIELDS_NOT_IN_THE_FORM) {
    const value = (existing as unknown as Record<string, unknown>)[field];
    if (value !== undefined) kept[field] = value;
  }
  return { ...config, ...kept } as NewProviderConfig;
}

/** The OAuth fields, when any is filled in; the secret must be a `${secret:NAME}` reference. */
function oauthSettings(draft: ProviderDraft, errors: Record<string, string>): McpOAuthSettings | undefined {
  const clientId = draft.oauthClientId.trim();
  const clientSecret = draft.oauthClientSecret.trim();
  const scope = draft.oauthScope.trim();
  if (clientSecret && !/^\$\{secret:[A-Za-z_][A-Za-z0-9_]*\}$/.test(clientSecret))
    errors.oauthClientSecret = 'a secret reference such as ${secret:CLIENT_SECRET}, never the secret itself';
  if (clientSecret && !clientId) errors.oauthClientId = 'a client secret needs its client id';
  if (!clientId && !clientSecret && !scope) return undefined;
  return {
    ...(clientId ? { clientId } : {}),
    ...(clientSecret ? { clientSecret } : {}),
    ...(scope ? { scope } : {}),
  };
}
