/**
 * What MCP Inspector users reach for, per MCP provider: the raw JSON-RPC traffic, the server's
 * info, its resources, resource templates and prompts. Every answer leaves the host masked.
 */

/** One JSON-RPC message exchanged with an MCP server, as the host sent or received it. */
export interface McpTrafficMessage {
  /** Increases by one per message of that provider, so copies from a list and from events merge. */
  seq: number;
  /** Epoch ms when the host sent or received it. */
  at: number;
  direction: 'sent' | 'received';
  /** Counts the provider's connections from 1: JSON-RPC ids start again with each connection. */
  connection: number;
  /** `http`: one HTTP exchange behind the messages (Streamable HTTP, SSE) or a step of OAuth sign-in. */
  kind: 'request' | 'notification' | 'response' | 'error' | 'http';
  /** The request's or notification's method; for a response, the method of the request it answers. */
  method?: string;
  rpcId?: string | number;
  /** Size of the message as UTF-8 JSON text. */
  bytes: number;
  /** The guest's tool call (the transcript's callId) that caused this message, for tools/call and its answer. */
  callId?: string;
  /** The message itself, when it is at most MCP_TRAFFIC_MESSAGE_BYTES. */
  message?: unknown;
  /** The start of a larger message's JSON text (then `message` is left out). */
  preview?: string;
  /** For kind `http`: the exchange, with credentials masked. */
  http?: McpHttpExchange;
}

/** What an HTTP exchange with an MCP server or its authorization server was for. */
export type McpHttpStep =
  | 'resource metadata'
  | 'authorization server metadata'
  | 'registration'
  | 'authorization'
  | 'token'
  | 'refresh'
  | 'mcp';

/**
 * One HTTP exchange as the host made it. Only the headers that matter are kept; an Authorization
 * header, tokens and client secrets are never kept, only shown as masked.
 */
export interface McpHttpExchange {
  step: McpHttpStep;
  method: string;
  url: string;
  /** Absent when no answer came (`error` says why) or for the browser's part of authorization. */
  status?: number;
  /** Milliseconds until the answer's headers arrived. */
  ms?: number;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** `json` or `sse` (an event stream), from the answer's Content-Type. */
  body?: 'json' | 'sse' | 'other';
  /** For OAuth steps: the answer's fields that matter, secrets masked. */
  summary?: Record<string, unknown>;
  /** Why the step failed, in words. */
  error?: string;
}

/** How a masked credential reads in the traffic. */
export const MASKED_CREDENTIAL = '«masked»';

/** Messages kept per provider: the newest win. */
export const MCP_TRAFFIC_MESSAGES = 500;
/** A larger message is kept as a preview of MCP_TRAFFIC_PREVIEW_CHARS characters. */
export const MCP_TRAFFIC_MESSAGE_BYTES = 64 * 1024;
export const MCP_TRAFFIC_PREVIEW_CHARS = 2_000;

/** What the server said about itself in `initialize`. */
export interface McpServerInfo {
  name: string;
  version: string;
  title?: string;
  protocolVersion?: string;
  capabilities: Record<string, unknown>;
  instructions?: string;
}

export interface McpResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

export interface McpResourceTemplateInfo {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface McpPromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

export interface McpPromptInfo {
  name: string;
  title?: string;
  description?: string;
  arguments?: McpPromptArgument[];
}

/** One page of a server's list; pass `nextCursor` back for the next. */
export interface McpPage<T> {
  items: T[];
  nextCursor?: string;
}

/**
 * One content of a read resource. Text longer than MCP_RESOURCE_VIEW_BYTES is cut (`truncated`);
 * a binary larger than that comes as its size only.
 */
export interface McpResourceContent {
  uri: string;
  mimeType?: string;
  /** Size of the text (UTF-8) or of the decoded binary. */
  bytes: number;
  text?: string;
  /** Base64, as the server sent it. */
  blob?: string;
  truncated?: true;
}

export const MCP_RESOURCE_VIEW_BYTES = 2 * 1024 * 1024;

export interface McpPromptMessage {
  role: 'user' | 'assistant';
  content: unknown;
}

export interface McpPromptResult {
  description?: string;
  messages: McpPromptMessage[];
}

/** Longest prompt argument value a person may send. */
export const MCP_PROMPT_ARGUMENT_CHARS = 100_000;

export interface McpInspectApi {
  /** The provider's raw MCP traffic, oldest first, the newest messages only. */
  mcpTraffic(providerId: string): Promise<McpTrafficMessage[]>;
  clearMcpTraffic(providerId: string): Promise<void>;
  /** Connects when needed; the server's `initialize` answer. */
  mcpServer(providerId: string): Promise<McpServerInfo>;
  listResources(providerId: string, cursor?: string): Promise<McpPage<McpResourceInfo>>;
  listResourceTemplates(providerId: string, cursor?: string): Promise<McpPage<McpResourceTemplateInfo>>;
  /** Reads a resource the server lists, or one a listed template matches; any other URI is refused. */
  readResource(providerId: string, uri: string): Promise<{ contents: McpResourceContent[] }>;
  /** Updates arrive as `resource_updated` events, while the connection lasts. */
  subscribeResource(providerId: string, uri: string): Promise<void>;
  unsubscribeResource(providerId: string, uri: string): Promise<void>;
  listPrompts(providerId: string, cursor?: string): Promise<McpPage<McpPromptInfo>>;
  /** `args` are the prompt's string arguments; unknown names and a missing required one are refused. */
  getPrompt(providerId: string, name: string, args?: Record<string, string>): Promise<McpPromptResult>;
}

export const MCP_INSPECT_API_METHODS = [
  'mcpTraffic',
  'clearMcpTraffic',
  'mcpServer',
  'listResources',
  'listResourceTemplates',
  'readResource',
  'subscribeResource',
  'unsubscribeResource',
  'listPrompts',
  'getPrompt',
] as const satisfies readonly (keyof McpInspectApi)[];

export type McpInspectEvent =
  /** New traffic of a provider; `cleared`: drop the messages shown before these. */
  | {
      channel: 'providers';
      type: 'mcp_traffic';
      providerId: string;
      messages: McpTrafficMessage[];
      cleared?: boolean;
    }
  /** A subscribed resource changed (`notifications/resources/updated`). */
  | { channel: 'providers'; type: 'resource_updated'; providerId: string; uri: string }
  /** The server's resources or prompts changed (`…/list_changed`): list them again. */
  | { channel: 'providers'; type: 'mcp_list_changed'; providerId: string; list: 'resources' | 'prompts' };
