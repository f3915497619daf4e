import type { ExecutorRuntimeOptions } from '../runtimeOptions';
import type { WorkspaceTranscriptRef } from '../workspaceFormat';
import type { ExecutorChoice } from './runs';

export interface SnippetView {
  id: string;
  name: string;
  code: string;
  /** `textRevision(code)`: what a writer passes back as `expected.codeRevision`. */
  revision: string;
}

/** What the writer last saw; the host refuses the write (a `conflict`) when the file moved on. */
export interface SnippetWriteExpectation {
  codeRevision: string;
}

export interface RuntimeSettings {
  limits: ExecutorRuntimeOptions;
  executor: ExecutorChoice;
}

/** A change to the runtime settings: the given limits are merged, an executor replaces the old one. */
export interface RuntimeSettingsPatch {
  limits?: Partial<ExecutorRuntimeOptions>;
  executor?: ExecutorChoice;
}

/** The `providerId` of the trust question about the workspace's runner command (no provider has it). */
export const RUNNER_TRUST_ID = 'runtime.executor';

/**
 * Something the workspace wants to run in the host (an MCP stdio command, a module file, trusted
 * handler code, a runner command) that needs the user's consent before anything starts.
 */
export interface TrustRequest {
  id: string;
  providerId: string;
  providerName: string;
  /** `runner`: the workspace's runner command (its providerId is RUNNER_TRUST_ID). */
  kind: 'command' | 'module' | 'handler' | 'runner';
  /** What would run, shown to the user verbatim (command line, file path, handler tools). */
  what: string;
}

export interface WorkspaceView {
  path: string;
  name: string;
  /** `#rrggbb`, when the workspace has one. */
  color?: string;
  formatVersion: number;
  snippets: SnippetView[];
  activeSnippetId: string | null;
  runtime: RuntimeSettings;
  pendingTrust: TrustRequest[];
  transcripts: WorkspaceTranscriptRef[];
  /** Secret names the providers reference that have no value in the secret store. */
  missingSecrets: string[];
  /** Non-fatal problems met while opening (e.g. the last workspace could not be read: demo opened). */
  warnings: string[];
  /**
   * False while the file on disk does not hold this document (it was changed outside the
   * playground, so the playground's changes went to a conflict copy, see `warnings`).
   */
  savedToFile: boolean;
}

export interface WorkspaceApi {
  get(): Promise<WorkspaceView>;
  /** Opens a workspace file; a broken file is reported and the current workspace stays open. */
  open(path: string): Promise<WorkspaceView>;
  /**
   * Writes the workspace (and copies of its saved transcripts) to a new file and switches to it.
   * An existing file is refused with a `conflict` unless `overwrite` is true (the user confirmed).
   */
  saveAs(path: string, options?: SaveOptions): Promise<WorkspaceView>;
  /** The same copy, but the open workspace stays open (and later edits go to it, not the copy). */
  saveCopy(path: string, options?: SaveOptions): Promise<SavedCopy>;
  /** One file holding the workspace, its saved transcripts and the names (never the values) of its secrets. */
  exportBundle(path: string, options?: SaveOptions): Promise<SavedCopy & { secrets: string[] }>;
  /**
   * Unpacks a bundle to a workspace file (its transcripts beside it) and opens it as any shared
   * workspace: what it would run asks first; `missingSecrets` says what to set.
   */
  openBundle(bundlePath: string, workspacePath: string, options?: SaveOptions): Promise<WorkspaceView>;
  /** Opens a fresh copy of the built-in demo workspace (written to the given path), named after the file. */
  createFromDemo(path: string): Promise<WorkspaceView>;
  /** Opens a new workspace with no providers and one empty snippet (named after the file unless `name`). */
  createEmpty(path: string, name?: string): Promise<WorkspaceView>;
  /** Workspaces opened before, newest first (the open one too). */
  recent(): Promise<RecentWorkspace[]>;
  forgetRecent(path: string): Promise<void>;
  rename(name: string): Promise<void>;
  /** `#rrggbb`, or null to remove the colour. */
  setColor(color: string | null): Promise<void>;
  createSnippet(name: string, code?: string): Promise<SnippetView>;
  /**
   * With `expected`, the write happens only if the snippet's code still has that revision;
   * otherwise it fails with a `conflict` and nothing changes. Resolves to the new code revision.
   */
  updateSnippet(
    id: string,
    patch: { name?: string; code?: string },
    expected?: SnippetWriteExpectation,
  ): Promise<{ revision: string }>;
  /** Deletes the snippet; `deletedSnippets` keeps it (bounded) for `restoreDeletedSnippet`. */
  deleteSnippet(id: string): Promise<void>;
  /** Every saved version of the snippet's code, newest first (bounded: the oldest go first). */
  snippetHistory(id: string): Promise<SnippetVersionInfo[]>;
  snippetVersion(id: string, versionId: string): Promise<SnippetVersion>;
  /** Puts that version's code back (itself a new save); `expected` as in `updateSnippet`. */
  restoreSnippetVersion(
    id: string,
    versionId: string,
    expected?: SnippetWriteExpectation,
  ): Promise<{ revision: string }>;
  deletedSnippets(): Promise<DeletedSnippet[]>;
  restoreDeletedSnippet(id: string): Promise<SnippetView>;
  setActiveSnippet(id: string): Promise<void>;
  setRuntimeSettings(settings: RuntimeSettingsPatch): Promise<void>;
  answerTrust(requestId: string, allow: boolean): Promise<void>;
  /** Records a saved transcript; a relative `file` is resolved against the workspace folder. */
  addTranscript(ref: Omit<WorkspaceTranscriptRef, 'id'>): Promise<WorkspaceTranscriptRef>;
  removeTranscript(id: string): Promise<void>;
  listSecrets(): Promise<string[]>;
  setSecret(name: string, value: string): Promise<void>;
  deleteSecret(name: string): Promise<void>;
  /**
   * A stored secret's value, for a person who asked to see it in one view (`where`, e.g. "the
   * result"). The only answer the host sends unmasked; in the app, after its own confirmation.
   */
  revealSecret(name: string, where: string): Promise<string>;
}

/** A workspace opened before, newest first. */
export interface RecentWorkspace {
  path: string;
  /** The name in the file (its file name when the file cannot be read). */
  name: string;
  color?: string;
  /** ISO time it was last opened. */
  openedAt: string;
  /** False when the file is gone. */
  exists: boolean;
}

/** One saved version of a snippet's code. */
export interface SnippetVersionInfo {
  versionId: string;
  /** ISO time of the save. */
  savedAt: string;
  /** The snippet's name at that time. */
  name: string;
  chars: number;
  /** The code the snippet had before its first edit here (`savedAt` is when that edit came). */
  beforeFirstEdit?: true;
}

export interface SnippetVersion extends SnippetVersionInfo {
  code: string;
}

/** A deleted snippet that can be brought back (with its versions). */
export interface DeletedSnippet {
  id: string;
  name: string;
  deletedAt: string;
  chars: number;
}

export interface SaveOptions {
  /** Replace an existing file (only after the user said so). */
  overwrite?: boolean;
}

export interface SavedCopy {
  path: string;
  /** What could not be taken along (e.g. a transcript file that no longer exists). */
  warnings: string[];
}

export const WORKSPACE_API_METHODS = [
  'get',
  'open',
  'saveAs',
  'saveCopy',
  'exportBundle',
  'openBundle',
  'createFromDemo',
  'createEmpty',
  'recent',
  'forgetRecent',
  'rename',
  'setColor',
  'createSnippet',
  'updateSnippet',
  'deleteSnippet',
  'snippetHistory',
  'snippetVersion',
  'restoreSnippetVersion',
  'deletedSnippets',
  'restoreDeletedSnippet',
  'setActiveSnippet',
  'setRuntimeSettings',
  'answerTrust',
  'addTranscript',
  'removeTranscript',
  'listSecrets',
  'setSecret',
  'deleteSecret',
  'revealSecret',
] as const satisfies readonly (keyof WorkspaceApi)[];

export type WorkspaceEvent = { channel: 'workspace'; type: 'changed'; workspace: WorkspaceView };
