import type { ProviderKind, TpmjsToolEntry } from '../api/providers';

/** One mock tool as the form holds it: text fields, parsed when the form is checked. */
export interface MockToolDraft {
  name: string;
  description: string;
  inputSchema: string;
  outputSchema: string;
  latencyMs: string;
  mode: 'fixed' | 'rules' | 'handler' | 'manual';
  /** JSON: the fixed result, or the rules array. */
  response: string;
  /** For mode 'handler': the trusted function body. */
  handlerSource: string;
  handlerTrusted: boolean;
}

/** Everything the provider form edits, as text; `buildProviderConfig` turns it into a config. */
export interface ProviderDraft {
  id?: string;
  kind: ProviderKind;
  name: string;
  description: string;
  tools: MockToolDraft[];
  mcpTransport: 'stdio' | 'http' | 'sse';
  command: string;
  /** One argument per line. */
  args: string;
  /** KEY=VALUE per line. */
  env: string;
  /** Where the stdio server starts; blank means the workspace file's folder. Relative paths resolve against that folder. */
  cwd: string;
  url: string;
  /** Name: value per line. */
  headers: string;
  /** OAuth client id for an authorization server without dynamic registration; blank: register. */
  oauthClientId: string;
  /** Its secret, as a `${secret:NAME}` reference; blank for a public client. */
  oauthClientSecret: string;
  oauthScope: string;
  baseUrl: string;
  apiKey: string;
  /** One `package@version::tool` per line. */
  tpmjsTools: string;
  /** The entries as loaded, so editing keeps their schemas. */
  tpmjsEntries?: (string | TpmjsToolEntry)[];
  path: string;
  requestTimeoutMs: string;
  /** MCP: blank means 10 request timeouts. */
  maxTotalTimeoutMs: string;
  /** MCP: an MCP log level, or blank to let the server choose what it sends. */
  logLevel: string;
}

export function emptyMockTool(): MockToolDraft {
  return {
    name: '',
    description: '',
    inputSchema: '{\n  "type": "object",\n  "properties": {}\n}',
    outputSchema: '',
    latencyMs: '',
    mode: 'fixed',
    response: '{}',
    handlerSource: 'return input;',
    handlerTrusted: false,
  };
}

export function emptyDraft(kind: ProviderKind): ProviderDraft {
  return {
    kind,
    name: '',
    description: '',
    tools: kind === 'mock' ? [emptyMockTool()] : [],
    mcpTransport: 'stdio',
    command: '',
    args: '',
    env: '',
    cwd: '',
    url: '',
    headers: '',
    oauthClientId: '',
    oauthClientSecret: '',
    oauthScope: '',
    baseUrl: '',
    apiKey: '',
    tpmjsTools: '',
    path: '',
    requestTimeoutMs: '',
    maxTotalTimeoutMs: '',
    logLevel: '',
  };
}
