import type { ExecutorRuntimeOptions } from '../runtimeOptions';
import type { ExecutorChoice } from './runs';

export interface SnippetView {
  id: string;
  name: string;
  code: string;
}

export interface RuntimeSettings {
  limits: ExecutorRuntimeOptions;
  executor: ExecutorChoice;
}

/** A process the workspace wants to start (MCP stdio command, module file) that needs the user's consent. */
export interface TrustRequest {
  id: string;
  providerName: string;
  what: string;
}

export interface WorkspaceView {
  path: string;
  name: string;
  formatVersion: number;
  snippets: SnippetView[];
  activeSnippetId: string | null;
  runtime: RuntimeSettings;
  pendingTrust: TrustRequest[];
}

export interface WorkspaceApi {
  get(): Promise<WorkspaceView>;
  open(path: string): Promise<WorkspaceView>;
  saveAs(path: string): Promise<WorkspaceView>;
  createSnippet(name: string, code?: string): Promise<SnippetView>;
  updateSnippet(id: string, patch: { name?: string; code?: string }): Promise<void>;
  deleteSnippet(id: string): Promise<void>;
  setActiveSnippet(id: string): Promise<void>;
  setRuntimeSettings(settings: Partial<RuntimeSettings>): Promise<void>;
  answerTrust(requestId: string, allow: boolean): Promise<void>;
  listSecrets(): Promise<string[]>;
  setSecret(name: string, value: string): Promise<void>;
  deleteSecret(name: string): Promise<void>;
}

export const WORKSPACE_API_METHODS = [
  'get',
  'open',
  'saveAs',
  'createSnippet',
  'updateSnippet',
  'deleteSnippet',
  'setActiveSnippet',
  'setRuntimeSettings',
  'answerTrust',
  'listSecrets',
  'setSecret',
  'deleteSecret',
] as const satisfies readonly (keyof WorkspaceApi)[];

export type WorkspaceEvent = { channel: 'workspace'; type: 'changed'; workspace: WorkspaceView };
