import type { ExecuteResult } from '../executeResult';
import type { RunFacts } from '../runOutcome';
import type { ExecutorRuntimeOptions } from '../runtimeOptions';
import type { TranscriptEntry } from '../transcript';

export type ExecutorChoice =
  | { kind: 'process'; mode: 'pooled' | 'ephemeral' }
  | { kind: 'worker'; mode: 'pooled' | 'ephemeral' }
  | { kind: 'remote'; url: string; tokenSecret?: string };

/** Who started a run other than the person at the editor: an MCP client, named by its `initialize`. */
export interface RunOrigin {
  kind: 'agent';
  clientName: string;
  clientVersion?: string;
}

export interface RunRequest {
  code: string;
  snippetId?: string;
  /** Set by the host only (never taken from the renderer): an agent's run. */
  origin?: RunOrigin;
  limits?: Partial<ExecutorRuntimeOptions>;
  executor?: ExecutorChoice;
}

export interface RunSummary {
  runId: string;
  state: 'running' | 'paused' | 'finished';
  startedAt: string;
  result?: ExecuteResult;
  /** What the host measured and why it cancelled, once finished. */
  facts?: RunFacts;
}

export interface RunsApi {
  start(request: RunRequest): Promise<{ runId: string }>;
  cancel(runId: string): Promise<void>;
  transcript(runId: string): Promise<TranscriptEntry[]>;
  /** Active runs and the most recent finished ones, oldest first. */
  list(): Promise<RunSummary[]>;
}

export const RUNS_API_METHODS = [
  'start',
  'cancel',
  'transcript',
  'list',
] as const satisfies readonly (keyof RunsApi)[];

export type RunsEvent =
  | { channel: 'runs'; type: 'started'; runId: string; request: RunRequest }
  | { channel: 'runs'; type: 'entries'; runId: string; entries: TranscriptEntry[] }
  | { channel: 'runs'; type: 'finished'; runId: string; result: ExecuteResult; facts?: RunFacts };
