import type { SecretStore } from '../secrets/SecretStore';
import type { ToolProvider } from '../engine/core/types';
import type { ServerRequestBroker } from './mcp/ServerRequestBroker';
import type { ManualCallBroker } from './mock/ManualCallBroker';
import type { NewConsoleLine } from './ProviderConsole';
import type { McpConnection } from './mcp/McpConnection';
import type { NewTrafficMessage } from './mcp/McpTrafficRecorder';
import type { McpOAuthContext } from './mcp/OAuthSignIns';

/** What a provider reports between loads. */
export interface ProviderSourceListener {
  /** The tool set changed by itself (MCP list_changed, module file edited): load again. */
  toolsChanged(): void;
  /** The connection broke (`error` set; `needsSignIn`: OAuth tokens refused) or recovered (`error` undefined). */
  connectionChanged(error?: string, needsSignIn?: boolean): void;
  /** OAuth tokens were stored (`true`) or forgotten. */
  oauthChanged?(signedIn: boolean): void;
  /** A sign-in finished: connect again with the new tokens. */
  signedIn?(): void;
  /** A line for the provider's console: an MCP server's log message or a stdio server's stderr. */
  consoleLine?(line: NewConsoleLine): void;
  /** One JSON-RPC message exchanged with an MCP server (its raw traffic). */
  trafficMessage?(message: NewTrafficMessage): void;
  /** A resource the app subscribed to changed. */
  resourceUpdated?(uri: string): void;
  /** The server's resources or prompts changed. */
  listChanged?(list: 'resources' | 'prompts'): void;
}

export interface ProviderSourceDeps {
  secrets: SecretStore;
  manual: ManualCallBroker;
  /** Where MCP servers' elicitation and sampling requests go to a person; absent: they are declined. */
  serverRequests?: ServerRequestBroker;
  /** Relative paths in the config (module files, stdio cwd) resolve against this folder. */
  baseDir: string;
  listener: ProviderSourceListener;
  /**
   * Asked before a module's code is imported, with the sha256 of the content about to load: false
   * means that content is not trusted (yet), so it must not run. Absent: everything may load.
   */
  moduleContentTrusted?(digest: string): Promise<boolean>;
  /** Stops connecting and loading, and the process it started (a connection test whose dialog closed). */
  signal?: AbortSignal;
  /** Where OAuth sign-in comes back to; absent: stored tokens are used, but nobody can sign in. */
  oauth?: McpOAuthContext;
}

/** A configured provider that can (re)load its current tools and must be disposed. */
export interface ProviderSource {
  load(): Promise<ToolProvider>;
  /** An MCP provider's connection: its server info, resources and prompts. */
  mcp?: McpConnection;
  dispose(): Promise<void>;
}
