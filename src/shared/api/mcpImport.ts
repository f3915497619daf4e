import type { McpProviderConfig } from './providers';

/**
 * Importing the MCP servers people already keep in another client's configuration: Claude Desktop's
 * `claude_desktop_config.json`, Cursor's `mcp.json`, Claude Code's `.mcp.json` (all `mcpServers`)
 * and VS Code's `mcp.json` (`servers`, `inputs`). Secret values never appear here: a preview names
 * the secrets a value was moved to, and where it came from.
 */

/** Which client's format the file was read as. */
export type McpClientFormat = 'Claude Desktop' | 'Cursor' | 'Claude Code' | 'VS Code' | 'mcpServers';

/** A place in the imported file: its JSON path and, when known, line and column (1-based). */
export interface McpImportPlace {
  jsonPath: string;
  line?: number;
  column?: number;
}

/** A plain value that looked like a credential and went to the secret store. */
export interface McpImportedSecret {
  /** The secret's name, referenced as `${secret:NAME}` in the provider. */
  name: string;
  place: McpImportPlace;
  /** Why it was taken for a credential (looksLikeCredential's words). */
  why: string;
}

/** A value the file left to its client to fill in (`${input:…}`, `${env:…}`): a secret to enter. */
export interface McpSecretToEnter {
  name: string;
  place: McpImportPlace;
  /** What the file said about it (VS Code's input description, or the variable it read). */
  about: string;
}

export interface McpImportedServer {
  /** The server's key in the file. */
  serverName: string;
  /** The provider it becomes (its `name` a guest namespace); values that were secrets are references. */
  config: Omit<McpProviderConfig, 'id'>;
  secretsMoved: McpImportedSecret[];
  secretsToEnter: McpSecretToEnter[];
  /** What was read but changed or left out, in words ("envFile is not read: …"). */
  notes: string[];
}

/** An entry that could not be read, and why; nothing of it is imported. */
export interface McpImportProblem {
  place: McpImportPlace;
  message: string;
}

export interface McpImportPreview {
  /** The file name the text came from, as given. */
  fileName: string;
  format: McpClientFormat;
  servers: McpImportedServer[];
  problems: McpImportProblem[];
}

/** What an import did: the preview's servers, each with the provider id it was added under. */
export interface McpImportResult extends McpImportPreview {
  providerIds: string[];
}

/** The largest configuration file read for an import. */
export const MCP_IMPORT_MAX_CHARS = 1_000_000;
