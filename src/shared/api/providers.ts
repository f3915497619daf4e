import type { ExecuteErrorCode } from '../errors';
import type { ToolManifest } from '../manifest';
import { MCP_INSPECT_API_METHODS, type McpInspectApi, type McpInspectEvent } from './mcpInspect';
import type { McpImportPreview, McpImportResult } from './mcpImport';

/**
 * Provider configurations: exactly the shapes stored in a workspace file's `providers` array.
 * Secret values never appear here: fields documented as accepting `${secret:NAME}` hold references
 * that the host expands from its secret store when it connects.
 */
export type ProviderKind = 'mock' | 'mcp' | 'tpmjs' | 'module';

export const PROVIDER_KINDS = ['mock', 'mcp', 'tpmjs', 'module'] as const satisfies readonly ProviderKind[];

export type JsonSchemaValue = Record<string, unknown> | boolean;

export interface ProviderConfigBase {
  id: string;
  /** The guest namespace: a JavaScript identifier. */
  name: string;
  kind: ProviderKind;
  description?: string;
  /**
   * Output types for tools that declare no output schema, keyed by the tool's original name
   * (usually inferred from a recorded result). They shape the typings only; results are not
   * validated against them.
   */
  outputTypes?: Record<string, JsonSchemaValue>;
  /**
   * Tools (by original or guest name) whose every call waits for a person's decision: run it, run it
   * with edited input, answer by hand, or reject it (the guest gets a tool_error).
   */
  askBeforeRunning?: string[];
}

/** What a mock rule (or a manual answer) produces: a result, or an error with a stable code. */
export type MockOutcome = { result: unknown } | { error: { code: ExecuteErrorCode; message: string } };

/**
 * One test on the tool input. `path` is a JSON Pointer ("" is the whole input, "/user/name" a field).
 * Exactly one operator: `equals` (deep equality), `contains` (substring of a string, or an element
 * deep-equal to the value in an array), `matches` (JavaScript regular expression on a string) or
 * `exists` (whether the path resolves).
 */
export interface MockCondition {
  path: string;
  equals?: unknown;
  contains?: unknown;
  matches?: string;
  exists?: boolean;
}

/** A rule matches when every condition holds; the first matching rule wins. */
export interface MockRule {
  when: MockCondition[];
  then: MockOutcome;
}

export type MockResponse =
  | { mode: 'fixed'; result: unknown }
  | { mode: 'rules'; rules: MockRule[]; otherwise?: MockOutcome }
  /**
   * TRUSTED CODE: the body of an async function `(input, context)` run in the host with node:vm.
   * node:vm is not a sandbox; `trusted: true` is the author's acknowledgement of that.
   */
  | { mode: 'handler'; trusted: true; source: string }
  /** The host asks the UI (a `manual_call` event) and waits for `answerManualCall`. */
  | { mode: 'manual' };

export interface MockToolConfig {
  description?: string;
  inputSchema?: JsonSchemaValue;
  outputSchema?: JsonSchemaValue;
  /** Artificial latency before any response mode answers; aborted by cancel and timeout. */
  latencyMs?: number;
  response: MockResponse;
}

export interface MockProviderConfig extends ProviderConfigBase {
  kind: 'mock';
  /** Keyed by the tool's original name. */
  tools: Record<string, MockToolConfig>;
}

/** `env`, `headers` values may hold `${secret:NAME}` references. */
export type McpTransportConfig =
  | { type: 'stdio'; command: string; args?: string[]; env?: Record<string, string>; cwd?: string }
  /** Streamable HTTP, falling back to SSE when the server offers only that. */
  | { type: 'http'; url: string; headers?: Record<string, string>; oauth?: McpOAuthSettings }
  | { type: 'sse'; url: string; headers?: Record<string, string>; oauth?: McpOAuthSettings };

/**
 * OAuth for a server whose authorization server offers no dynamic client registration: the client
 * id registered there (and its secret, as a `${secret:NAME}` reference, for a confidential client).
 */
export interface McpOAuthSettings {
  clientId?: string;
  clientSecret?: string;
  /** Scopes to ask for when the server does not say (space separated). */
  scope?: string;
}

export interface McpProviderConfig extends ProviderConfigBase {
  kind: 'mcp';
  transport: McpTransportConfig;
  /** Deadline of each tools/call (default 30 s): `timeout` when exceeded, and the server is reconnected. */
  requestTimeoutMs?: number;
  /**
   * Progress notifications restart a call's request timeout, but a call never runs longer than this
   * in all (default: 10 request timeouts).
   */
  maxTotalTimeoutMs?: number;
  /** Asks the server (when it supports logging) to send log messages of this level and above. */
  logLevel?: McpLogLevel;
  /**
   * Mock answers to the server's own requests during a tool call (elicitation, sampling). The first
   * rule whose conditions all hold answers; with none, a person is asked, and without a person the
   * request is declined.
   */
  serverRequests?: ServerRequestRules;
}

export const DEFAULT_MCP_REQUEST_TIMEOUT_MS = 30_000;
/** Progress restarts a call's request timeout, as the MCP Inspector does, up to this many request timeouts in all. */
export const MAX_TOTAL_TIMEOUT_FACTOR = 10;

/** MCP log levels, least severe first (RFC 5424 severities). */
export const MCP_LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export type McpLogLevel = (typeof MCP_LOG_LEVELS)[number];

/** One line of a provider's console. Text that leaves the host is masked like every other answer. */
export interface ProviderConsoleLine {
  /** Increases by one per line of that provider, so copies from a list and from events merge. */
  seq: number;
  /** Epoch ms when the host received it. */
  at: number;
  /** A server's log message (`notifications/message`), its stderr, or a note from the app. */
  source: 'log' | 'stderr' | 'app';
  level?: McpLogLevel;
  logger?: string;
  text: string;
}

/** Conditions read the request's params: `/message`, `/requestedSchema/…` or `/messages/0/content/text`. */
export interface ServerRequestRules {
  elicitation?: ElicitationRule[];
  sampling?: SamplingRule[];
}

export interface ElicitationRule {
  when?: MockCondition[];
  then: ElicitationAnswer;
}

export interface SamplingRule {
  when?: MockCondition[];
  then: SamplingAnswer;
}

/** An answer to `elicitation/create`; accepted content must fit the requested schema. */
export type ElicitationAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' };

/** An answer to `sampling/createMessage`: a completion, or a refusal the server receives as an error. */
export type SamplingAnswer =
  | { action: 'accept'; text: string; model?: string; stopReason?: string }
  | { action: 'decline'; message?: string };

export type ServerRequestKind = 'elicitation' | 'sampling';

/** A request an MCP server made of the client, waiting for a person's answer. */
export type ServerRequest = {
  requestId: string;
  providerName: string;
  /** The guest-visible name of the tool call it came during, when one was running. */
  toolName?: string;
  callId?: string;
  /** Milliseconds since the epoch. */
  askedAt: number;
} & (
  | { kind: 'elicitation'; message: string; requestedSchema: Record<string, unknown> }
  /** `params` as the server sent them: messages, systemPrompt, maxTokens, … */
  | { kind: 'sampling'; params: Record<string, unknown> }
);

export type ServerRequestAnswer = ElicitationAnswer | SamplingAnswer;

/** A `package@version::tool` reference, optionally with schemas the executor cannot report. */
export interface TpmjsToolEntry {
  ref: string;
  description?: string;
  inputSchema?: JsonSchemaValue;
  outputSchema?: JsonSchemaValue;
}

export interface TpmjsProviderConfig extends ProviderConfigBase {
  kind: 'tpmjs';
  baseUrl: string;
  /** A `${secret:NAME}` reference, sent as a Bearer token. */
  apiKey?: string;
  tools: (string | TpmjsToolEntry)[];
  /** Sent as the request's `env`; values may hold `${secret:NAME}` references. */
  env?: Record<string, string>;
  requestTimeoutMs?: number;
}

export interface ModuleProviderConfig extends ProviderConfigBase {
  kind: 'module';
  /** A trusted ES module file, relative to the workspace file's folder or absolute. */
  path: string;
}

export type ProviderConfig =
  MockProviderConfig | McpProviderConfig | TpmjsProviderConfig | ModuleProviderConfig;

type WithOptionalId<T> = T extends ProviderConfig ? Omit<T, 'id'> & { id?: string } : never;

/** A provider to add: the host assigns an id when none is given. */
export type NewProviderConfig = WithOptionalId<ProviderConfig>;

/** `needs_sign_in`: the MCP server asks for OAuth and there is no valid token; `signIn` starts it. */
export type ProviderState = 'connecting' | 'ready' | 'error' | 'awaiting_trust' | 'needs_sign_in';

/** MCP tool annotations: hints from the server, not guarantees. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as the providers view lists it: what the guest calls, and what it takes and returns. */
export interface ProviderToolInfo extends ToolManifest {
  inputSchema?: JsonSchemaValue;
  outputSchema?: JsonSchemaValue;
  /** The output type comes from the provider's `outputTypes` (the tool declares no output schema). */
  outputTypeRecorded?: boolean;
  annotations?: ToolAnnotations;
}

export interface ProviderStatus {
  id: string;
  name: string;
  kind: ProviderKind;
  state: ProviderState;
  error?: string;
  toolCount: number;
  tools: ProviderToolInfo[];
  types: string;
  config: ProviderConfig;
  /** An HTTP MCP provider that holds OAuth tokens (Sign out forgets them). */
  signedIn?: boolean;
}

/** What `signIn` did: opened the authorization page (desktop), or where the page must open it. */
export type SignInStart = { signedIn: true } | { authorizationUrl: string; opened: boolean };

/** An answer the UI gives to a manual mock tool call. */
export type ManualAnswer = { ok: true; result?: unknown } | { ok: false; code: string; message: string };

export interface ProviderTestResult {
  ok: boolean;
  toolCount?: number;
  tools?: ToolManifest[];
  error?: string;
  /** Stopped by `cancelTest` before it finished. */
  cancelled?: boolean;
}

export interface ProvidersApi extends McpInspectApi {
  list(): Promise<ProviderStatus[]>;
  add(config: NewProviderConfig): Promise<ProviderStatus>;
  /** Replaces the provider's config; `config.id`, when given, must equal `id`. */
  update(id: string, config: NewProviderConfig): Promise<ProviderStatus>;
  remove(id: string): Promise<void>;
  /**
   * Connects and lists tools without saving anything. With `attemptId` (unique per attempt),
   * `cancelTest(attemptId)` stops it.
   */
  test(config: NewProviderConfig, attemptId?: string): Promise<ProviderTestResult>;
  /**
   * Stops a `test` in flight and the process it started (the dialog was closed); it then answers
   * `{ ok: false, cancelled: true }`. An attempt that already finished is ignored.
   */
  cancelTest(attemptId: string): Promise<void>;
  /**
   * Problems the form cannot find by itself (a mock's fixed or rule result that breaks the tool's
   * output schema), keyed by the form's field paths such as `tools.0.response`; empty when none.
   */
  validate(config: NewProviderConfig): Promise<Record<string, string>>;
  /** Reconnects a provider (e.g. after an error) and re-reads its tools. */
  refresh(id: string): Promise<ProviderStatus>;
  /** All loaded providers' declarations, concatenated, for the editor (after loads in progress). */
  declarations(): Promise<string>;
  /** The same with the workspace they belong to and their version: what the editor shows now. */
  typings(): Promise<TypingsState>;
  answerManualCall(requestId: string, answer: ManualAnswer): Promise<void>;
  pendingManualCalls(): Promise<ManualCallRequest[]>;
  /** Answers an MCP server's elicitation or sampling request (see `server_request` events). */
  answerServerRequest(requestId: string, answer: ServerRequestAnswer): Promise<void>;
  pendingServerRequests(): Promise<ServerRequest[]>;
  /**
   * Stores (or with `null` removes) the output type of a tool that declares no output schema, in
   * the workspace, and regenerates the typings. `toolName` is the tool's original name.
   */
  setOutputType(
    providerId: string,
    toolName: string,
    schema: JsonSchemaValue | null,
  ): Promise<ProviderStatus>;
  /** The provider's console (MCP log messages, stdio stderr), oldest first, the newest lines only. */
  consoleLines(providerId: string): Promise<ProviderConsoleLine[]>;
  clearConsole(providerId: string): Promise<void>;
  /**
   * What importing another MCP client's configuration file (its text and file name) would add, and
   * what could not be read. Nothing is stored.
   */
  previewMcpImport(text: string, fileName: string): Promise<McpImportPreview>;
  /**
   * Imports it: credentials to the secret store, each server a provider. A stdio server waits for
   * the person's trust answer like any command from a file they did not write here.
   */
  importMcpServers(text: string, fileName: string): Promise<McpImportResult>;
  /**
   * Starts OAuth sign-in for an HTTP MCP provider: the authorization page, which sends the browser
   * back to the app's loopback callback; the provider turns ready when the tokens arrive.
   */
  signIn(providerId: string): Promise<SignInStart>;
  /** Forgets the provider's OAuth tokens (and its registration); it then needs a new sign-in. */
  signOut(providerId: string): Promise<ProviderStatus>;
}

export const PROVIDERS_API_METHODS = [
  'list',
  'add',
  'update',
  'remove',
  'test',
  'cancelTest',
  'validate',
  'refresh',
  'declarations',
  'typings',
  'answerManualCall',
  'pendingManualCalls',
  'answerServerRequest',
  'pendingServerRequests',
  'setOutputType',
  'consoleLines',
  'clearConsole',
  'previewMcpImport',
  'importMcpServers',
  'signIn',
  'signOut',
  ...MCP_INSPECT_API_METHODS,
] as const satisfies readonly (keyof ProvidersApi)[];

export interface ManualCallRequest {
  requestId: string;
  providerName: string;
  toolName: string;
  input: unknown;
}

/** A provider as the editor knows it: its namespace, and why it is not typed when it is not ready. */
export interface TypedProvider {
  name: string;
  state: ProviderState;
  error?: string;
}

/** What the editor types for one workspace: every provider's declarations and states, in its order. */
export interface TypedProviders {
  declarations: string;
  providers: TypedProvider[];
}

/**
 * The editor's typings of one workspace, versioned: `version` grows with every change on this host
 * (any workspace), so for each workspace the newest state wins however events and answers
 * interleave. A page keeps the newest of each workspace and types the one it shows.
 */
export interface TypingsState extends TypedProviders {
  /** The workspace file the typings belong to. */
  workspacePath: string;
  version: number;
}

export type ProvidersEvent =
  | McpInspectEvent
  | { channel: 'providers'; type: 'changed'; providers: ProviderStatus[] }
  | ({ channel: 'providers'; type: 'typings' } & TypingsState)
  | ({ channel: 'providers'; type: 'manual_call' } & ManualCallRequest)
  /** The call was cancelled (run cancel or timeout) or answered elsewhere: the UI drops its prompt. */
  | { channel: 'providers'; type: 'manual_call_settled'; requestId: string }
  | { channel: 'providers'; type: 'server_request'; request: ServerRequest }
  /** Answered, by a person or elsewhere, or the call ended: the UI drops its prompt. */
  | { channel: 'providers'; type: 'server_request_settled'; requestId: string }
  /** New console lines of a provider; `cleared`: drop the lines shown before these. */
  | {
      channel: 'providers';
      type: 'console';
      providerId: string;
      lines: ProviderConsoleLine[];
      cleared?: boolean;
    };
