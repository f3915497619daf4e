import type { ExecuteResult } from '../executeResult';
import type { RunFacts } from '../runOutcome';
import type { ExecutorRuntimeOptions } from '../runtimeOptions';
import type { MessageDirection, ProtocolMessage } from '../protocol/messages';
import type { TranscriptEntry } from '../transcript';
import type { TranscriptRow } from '../transcriptRow';
import type { RunnerRef } from '../runnerRef';

export type ExecutorChoice =
  | { kind: 'process'; mode: 'pooled' | 'ephemeral' }
  | { kind: 'worker'; mode: 'pooled' | 'ephemeral' }
  | { kind: 'remote'; url: string; tokenSecret?: string }
  | CommandRunnerChoice;

/**
 * A runner program of anyone's making that speaks the protocol as JSON lines on stdin/stdout
 * (`python3 runner.py`): started without a shell, in `cwd` (relative to the workspace's folder).
 */
export interface CommandRunnerChoice {
  kind: 'command';
  command: string;
  args?: string[];
  cwd?: string;
  mode: 'pooled' | 'ephemeral';
}

/** An MCP client that started a run, named by its `initialize`. */
export interface AgentOrigin {
  kind: 'agent';
  clientName: string;
  clientVersion?: string;
  /** The client's session (its first characters) when it connects over Streamable HTTP. */
  session?: string;
  /** How long the client said it waits for the answer (`_meta["dev.execbox/timeoutMs"]` on its call). */
  timeoutMs?: number;
}

/**
 * Who or what started a run: the person at the editor, an agent by name, a replay of a saved
 * transcript, a tap (a run observed between a program and its runner), or a model the person asked.
 * Every run has one.
 */
export type RunOrigin =
  | { kind: 'person' }
  | AgentOrigin
  | {
      kind: 'replay';
      /** The replayed transcript's name. */ transcript?: string;
      against: 'recording' | 'live';
      /** The runner the replay ran on, in words (`python3 runner.py`), when the recording named one. */
      runner?: string;
    }
  | { kind: 'tap'; /** The tap session's name (`--name`). */ clientName: string; clientVersion?: string }
  | { kind: 'model'; /** The model endpoint's name (Ask panel, `execbox ask`). */ modelName: string };

/** What a tap does with a message it asked about: pass it on, send another one instead, or drop it. */
export type TapDecision =
  { action: 'forward' } | { action: 'replace'; message: ProtocolMessage } | { action: 'drop' };

/** A message a tap holds until the host decides (a runner's tool_call, a host's tool_result). */
export interface TapHeldMessage {
  direction: MessageDirection;
  message: ProtocolMessage;
}

export interface RunRequest {
  code: string;
  snippetId?: string;
  /** Set by the host only (never taken from the renderer); absent: the person's. */
  origin?: RunOrigin;
  limits?: Partial<ExecutorRuntimeOptions>;
  executor?: ExecutorChoice;
}

export interface RunSummary {
  runId: string;
  /** What it ran, for lists: the snippet's name, an agent's task (its code's first line), a tap's name. */
  name?: string;
  state: 'running' | 'paused' | 'finished';
  startedAt: string;
  origin: RunOrigin;
  /** The workspace file that was open when the run started (its panes are labelled with it). */
  workspacePath?: string;
  result?: ExecuteResult;
  /** What the host measured and why it cancelled, once finished. */
  facts?: RunFacts;
  /** How many transcript entries the host holds for the run (absent from hosts that predate it). */
  entryCount?: number;
}

/** A page of a run's transcript: `limit` entries from entry number `from` (both optional). */
export interface TranscriptRange {
  from?: number;
  limit?: number;
}

/** Where a transcript search starts: the match after entry `from` (1) or before it (-1), wrapping round. */
export interface TranscriptSearchOptions {
  from?: number;
  direction?: 1 | -1;
  /** Lists every match's entry number too (`indexes`): the rows of a filtered table. */
  all?: boolean;
}

/** The next match of a transcript search, and how many entries match in all. */
export interface TranscriptSearchAnswer {
  /** The matching entry's number (its position in the transcript), or null when none matches. */
  index: number | null;
  total: number;
  /** Entries the search read: the transcript's length when it began. */
  count: number;
  /** With `all`: every matching entry's number, in order. */
  indexes?: number[];
}

/** Entry numbers a transcriptRows request may name at once. */
export const TRANSCRIPT_ROWS_LIMIT = 1_000;

/** Where an agent connects to this app's MCP server (see `execbox mcp`), with what to paste. */
export interface AgentEndpoint {
  /** Streamable HTTP, loopback only. */
  url: string;
  /** Sent as `Authorization: Bearer TOKEN`; kept in the config folder so pasted configs survive restarts. */
  token: string;
  /**
   * Present when the endpoint is not on its kept port (it was taken, so a free one was used):
   * configurations pasted earlier name this port and do not reach this app until it is free again.
   */
  expectedPort?: number;
  /** For clients that only start commands: the stdio bridge (`execbox mcp --connect URL`), token in its env. */
  bridge: { command: string; args: string[]; env: Record<string, string> };
}

export interface RunsApi {
  start(request: RunRequest): Promise<{ runId: string }>;
  cancel(runId: string): Promise<void>;
  /**
   * The run's transcript, or the page of it `range` names (fewer entries than `limit`: the end). A
   * finished run's done message leaves out the value its result carries (`valueInResult`).
   */
  transcript(runId: string, range?: TranscriptRange): Promise<TranscriptEntry[]>;
  /**
   * Searches the run's transcript on the host (the transcript search language of the table, see
   * shared/view/parseTranscriptQuery), reading it a chunk at a time: the next match and the count.
   */
  transcriptSearch(
    runId: string,
    query: string,
    options?: TranscriptSearchOptions,
  ): Promise<TranscriptSearchAnswer>;
  /**
   * The table rows of the run's entries numbered `indexes` (at most TRANSCRIPT_ROWS_LIMIT), each
   * described with the entries around it (a call with its result): a filtered table's page.
   */
  transcriptRows(runId: string, indexes: number[]): Promise<TranscriptRow[]>;
  /** Active runs and the most recent finished ones, oldest first. */
  list(): Promise<RunSummary[]>;
  /** The agents' MCP endpoint while the app serves one, else null. */
  agentEndpoint(): Promise<AgentEndpoint | null>;
  /** An `execbox tap` session shown as a run (origin "tap"): the tap streams what it sees into it. */
  /** `runner`: what the tap sits in front of (its `-- CMD`, its `--to` URL), recorded for a replay. */
  openTap(info: { name: string; runner?: RunnerRef }): Promise<{ runId: string }>;
  /** Adds entries the tap recorded (in its order, with its times) to the tap's run. */
  tapEntries(runId: string, entries: TranscriptEntry[]): Promise<void>;
  /**
   * Asks whether to hold a message before the tap forwards it: answers at once when no breakpoint
   * matches, else when a person forwards, edits or drops it.
   */
  tapHold(runId: string, held: TapHeldMessage): Promise<TapDecision>;
  /** The tapped session ended: the run finishes with its done message's result. */
  closeTap(runId: string): Promise<void>;
}

export const RUNS_API_METHODS = [
  'start',
  'cancel',
  'transcript',
  'transcriptSearch',
  'transcriptRows',
  'list',
  'agentEndpoint',
  'openTap',
  'tapEntries',
  'tapHold',
  'closeTap',
] as const satisfies readonly (keyof RunsApi)[];

export type RunsEvent =
  | {
      channel: 'runs';
      type: 'started';
      runId: string;
      request: RunRequest;
      workspacePath?: string;
      /** As RunSummary's name. */
      name?: string;
    }
  | { channel: 'runs'; type: 'entries'; runId: string; entries: TranscriptEntry[] }
  | {
      channel: 'runs';
      type: 'finished';
      runId: string;
      result: ExecuteResult;
      facts?: RunFacts;
      /** The run's last entries (from its done message on), taken in one step with the result. */
      entries: TranscriptEntry[];
    };
