import type { ExecutorChoice } from './api/runs';
import type { ProviderConfig } from './api/providers';
import type { ExecutorRuntimeOptions } from './runtimeOptions';

/** The version this build reads and writes; a file with another version is refused, never rewritten. */
export const WORKSPACE_FORMAT_VERSION = 1;

export const WORKSPACE_FILE_SUFFIX = '.execbox.json';

export interface WorkspaceSnippet {
  id: string;
  name: string;
  code: string;
}

/** A saved transcript: the JSONL file lives beside the workspace (relative path) or anywhere (absolute). */
export interface WorkspaceTranscriptRef {
  id: string;
  name: string;
  file: string;
  savedAt?: string;
}

/** The `*.execbox.json` file, exactly as stored. */
export interface WorkspaceFile {
  formatVersion: typeof WORKSPACE_FORMAT_VERSION;
  name: string;
  /** `#rrggbb`: tells two open workspaces apart in the header. */
  color?: string;
  providers: ProviderConfig[];
  snippets: WorkspaceSnippet[];
  activeSnippetId?: string | null;
  runtime?: {
    limits?: Partial<ExecutorRuntimeOptions>;
    executor?: ExecutorChoice;
  };
  transcripts?: WorkspaceTranscriptRef[];
}
