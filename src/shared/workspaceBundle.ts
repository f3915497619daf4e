import type { WorkspaceFile } from './workspaceFormat';

export const WORKSPACE_BUNDLE_VERSION = 1;
export const WORKSPACE_BUNDLE_SUFFIX = '.execbox-bundle.json';

/**
 * One file that carries a workspace to someone else: the workspace (its transcript references
 * point at `transcripts/NAME.jsonl`), the text of those transcripts, and the names (never the
 * values) of the secrets it needs.
 */
export interface WorkspaceBundle {
  execboxBundle: typeof WORKSPACE_BUNDLE_VERSION;
  exportedAt?: string;
  workspace: WorkspaceFile;
  /** File name → JSONL text. */
  transcripts: Record<string, string>;
  secrets: string[];
}
