import type { ExecuteErrorCode } from '../errors';
import type { RunOrigin, TranscriptRange, TranscriptSearchAnswer, TranscriptSearchOptions } from './runs';
import type { TranscriptRow } from '../transcriptRow';
import type { TranscriptEntry } from '../transcript';
import type { TapHeldMessage } from './runs';
import type { TranscriptHeader, TranscriptProblem } from '../transcriptFile';
import type { WorkspaceTranscriptRef } from '../workspaceFormat';
import type { TimelineSummary, TimelineWindow } from '../summarizeTimeline';
import type { TranscriptDiffRow } from '../transcriptDiff';

/**
 * A breakpoint on tool calls. Every set field must match: no fields breaks on every call; only
 * `providerName` breaks on that provider; `providerName` + `toolName` on one tool; `condition` is a
 * small expression over the call's input (see the condition language in src/main/services/debug/parseCondition.ts).
 */
export interface BreakpointSpec {
  providerName?: string;
  /** The guest-visible (safe) tool name. */
  toolName?: string;
  condition?: string;
  enabled?: boolean;
}

export interface Breakpoint {
  id: string;
  providerName?: string;
  toolName?: string;
  condition?: string;
  enabled: boolean;
}

export type ConditionCheck = { ok: true } | { ok: false; reason: string; column: number };

/** What the host does with a held call: `call` before dispatch, `result` after the provider answered. */
export type PausePhase = 'call' | 'result';

/** `approval`: the tool is marked “ask before running” in the workspace. */
export type PauseReason = 'breakpoint' | 'step' | 'diverged' | 'approval';

/** A tool call the host is holding for the user. */
export interface PausedCall {
  pauseId: string;
  runId: string;
  /** Who started the run: a call an agent's run holds names the agent, wherever the person is. */
  origin: RunOrigin;
  callId: string;
  providerName: string;
  toolName: string;
  phase: PausePhase;
  reason: PauseReason;
  /** The input the provider will get (the guest's, or the edited one). */
  input?: unknown;
  /** In the `result` phase: what the provider answered. */
  result?: DebugToolResult;
  /** Set when reason is `diverged`: what differed from the recording. */
  detail?: string;
  /** Milliseconds since the epoch, for showing how long it has been held. */
  pausedAt: number;
  /**
   * Set when an `execbox tap` holds the message between two real programs: what it holds. Resuming
   * changes what those programs see.
   */
  tap?: TapHeldMessage;
}

/** A tool answer as the user writes it (error codes are the stable execbox ones). */
export type DebugToolResult =
  { ok: true; result?: unknown } | { ok: false; error: { code: ExecuteErrorCode; message: string } };

/**
 * What to do with a held call. In the `call` phase: `continue` dispatches; `step` dispatches and
 * breaks on the run's next call; `edit_input` dispatches with another input; `answer` sends a
 * hand-written result or error without calling the provider. `pauseOnResult` holds the provider's
 * real answer in the `result` phase, where `continue` sends it as is and `edit_result` replaces it.
 */
export type ResumeAction =
  | { action: 'continue'; pauseOnResult?: boolean }
  | { action: 'step'; pauseOnResult?: boolean }
  /** `step`: after dispatching the edited input, break on the run's next call (as `step` does). */
  | { action: 'edit_input'; input: unknown; pauseOnResult?: boolean; step?: boolean }
  | { action: 'answer'; answer: DebugToolResult }
  | { action: 'edit_result'; result: DebugToolResult }
  /**
   * Tap holds only: send this message instead (checked as a protocol message of the held one's
   * direction); `pauseOnResult` holds the host's answer to it as with `continue`.
   */
  | { action: 'edit_message'; message: unknown; pauseOnResult?: boolean }
  /** Tap holds only: the message is not forwarded at all. */
  | { action: 'drop' };

/** A transcript saved in the workspace (the workspace file keeps the reference). */
export interface SavedTranscriptRef extends WorkspaceTranscriptRef {
  /** Absolute path of the .jsonl file. */
  file: string;
}

export interface SavedTranscript {
  name: string;
  /** Absolute path of the written .jsonl file. */
  file: string;
  savedAt: string;
  /** Set when saved into the workspace (no `file` option): the workspace's reference id. */
  transcriptId?: string;
}

export interface SaveTranscriptOptions {
  name?: string;
  /** Write to this absolute .jsonl path instead of the workspace's `transcripts` folder. */
  file?: string;
  /** Object keys whose values are masked wherever they appear (case-insensitive), e.g. ["token"]. */
  sensitiveKeys?: string[];
}

export interface ExportHtmlOptions {
  file?: string;
  /** Object keys whose values are masked, as when saving. */
  sensitiveKeys?: string[];
}

/** A report the browser downloads (browser mode): exportHtml's masking, and the name of the file it saves. */
export interface HtmlDownloadOptions {
  /** Letters, digits, `_`, `-` and `.`, ending in .html (default transcript.html). */
  fileName?: string;
  sensitiveKeys?: string[];
}

/** Where the page fetches a prepared report: a same-origin link, good once and for a minute. */
export interface HtmlDownload {
  url: string;
  fileName: string;
}

/**
 * A page of a transcript: its header, how many entries it has in all, and the entries the range
 * asked for; a file's page stops at its first bad line, named in `problems`.
 */
export interface TranscriptPage {
  header: TranscriptHeader | null;
  entries: TranscriptEntry[];
  problems: TranscriptProblem[];
  count: number;
}

/** Entries an opened transcript hands the page at most: as many as the page holds of a run's tail. */
export const OPENED_TRANSCRIPT_ENTRIES = 4_000;

/**
 * An opened transcript: its header, its entry count (a broken file's: the entries before its first
 * bad line, named in `problems`) and its last OPENED_TRANSCRIPT_ENTRIES entries, from entry number
 * `firstIndex`; the views read the rest from the host.
 */
export interface LoadedTranscript extends TranscriptPage {
  firstIndex: number;
}

/** A run's timeline for one window, laid out on the host; `problems` names a file's first bad line. */
export interface TranscriptTimeline extends TimelineSummary {
  problems: TranscriptProblem[];
}

/**
 * A page of the diff of two runs or saved files, compared on the host: how many aligned rows and
 * differences in all, the first one, each side's code and result, and the rows the range asked for.
 */
export interface TranscriptDiffPage {
  alignedBy: 'callId' | 'order';
  rowCount: number;
  differences: number;
  firstDifference?: number;
  left: { code: string; result: string };
  right: { code: string; result: string };
  /** The first row of `rows`. */
  from: number;
  /** The first differing row after `rows`, if any. */
  nextDifference?: number;
  rows: TranscriptDiffRow[];
  /** Where a side's file broke: it is compared as far as it was valid. */
  problems: { left: TranscriptProblem[]; right: TranscriptProblem[] };
}

/** Where a transcript to replay, export or compare comes from. */
export type TranscriptSource = { runId: string } | { file: string } | { transcriptId: string };

export type ReplayMode = 'live' | 'recording';

export interface ReplayOptions {
  /**
   * With mode `recording`: run this code (the editor's) instead of the recorded code against the
   * recorded answers. The first call that differs is flagged and paused on.
   */
  code?: string;
}

export interface DebugApi {
  listBreakpoints(): Promise<Breakpoint[]>;
  addBreakpoint(spec: BreakpointSpec): Promise<Breakpoint>;
  updateBreakpoint(id: string, patch: BreakpointSpec): Promise<Breakpoint>;
  removeBreakpoint(id: string): Promise<void>;
  checkCondition(condition: string): Promise<ConditionCheck>;
  pausedCalls(): Promise<PausedCall[]>;
  resume(pauseId: string, action: ResumeAction): Promise<void>;
  listTranscripts(): Promise<SavedTranscriptRef[]>;
  saveTranscript(runId: string, options?: SaveTranscriptOptions): Promise<SavedTranscript>;
  /** The transcript's header, count, problems and last entries (see LoadedTranscript), never the whole. */
  openTranscript(source: TranscriptSource): Promise<LoadedTranscript>;
  /**
   * A page of a run's or a saved file's transcript, read without loading the rest (a million-entry
   * run, the two sides of a diff): `range` as for `runs.transcript`, the whole transcript without one.
   */
  transcriptPage(source: TranscriptSource, range?: TranscriptRange): Promise<TranscriptPage>;
  /**
   * As `runs.transcriptSearch`, over a finished run or a saved file (up to its first bad line): the
   * search an opened transcript's views ask of the host.
   */
  transcriptSearch(
    source: TranscriptSource,
    query: string,
    options?: TranscriptSearchOptions,
  ): Promise<TranscriptSearchAnswer>;
  /** As `runs.transcriptRows`, over a finished run or a saved file: an opened transcript's filtered table. */
  transcriptRows(source: TranscriptSource, indexes: number[]): Promise<TranscriptRow[]>;
  /**
   * The timeline of a run or a saved file for the window `window` (the whole run without from and
   * to), laid out on the host streaming over it: lanes and rows of the whole run, and at most a bar
   * per row and pixel column of the window, so the page never needs the transcript. A run still
   * going is laid out as far as it has got (its unanswered calls open), reading only the entries it
   * added since the last request for the same window; its whole-run window's columns may be up to
   * two pixels wide.
   */
  transcriptTimeline(source: TranscriptSource, window: TimelineWindow): Promise<TranscriptTimeline>;
  /**
   * Compares two runs or saved files on the host, streaming over both, as the page's own diff does
   * (aligned by callId, or by order when they share none); `range` pages the aligned rows (500
   * from the first without one, at most 2,000). A run still going is compared as far as it has got,
   * again each time it is asked for after it grew.
   */
  transcriptDiff(
    left: TranscriptSource,
    right: TranscriptSource,
    range?: TranscriptRange,
  ): Promise<TranscriptDiffPage>;
  removeTranscript(transcriptId: string): Promise<void>;
  /**
   * A self-contained HTML report (secret values masked): written to a new absolute .html `file` as
   * it is made when one is given (then only the file comes back), else handed back as `html`.
   */
  exportHtml(
    source: TranscriptSource,
    options?: ExportHtmlOptions,
  ): Promise<{ html?: string; file?: string }>;
  /**
   * Browser mode: the HTML report as a streamed download, never one string. Answers a single-use
   * link that expires within a minute; the server writes the report to it as it is made. Hosts
   * without an HTTP server (the desktop app) refuse it.
   */
  prepareHtmlDownload(source: TranscriptSource, options?: HtmlDownloadOptions): Promise<HtmlDownload>;
  replay(source: TranscriptSource, mode: ReplayMode, options?: ReplayOptions): Promise<{ runId: string }>;
}

export const DEBUG_API_METHODS = [
  'listBreakpoints',
  'addBreakpoint',
  'updateBreakpoint',
  'removeBreakpoint',
  'checkCondition',
  'pausedCalls',
  'resume',
  'listTranscripts',
  'saveTranscript',
  'openTranscript',
  'transcriptPage',
  'transcriptSearch',
  'transcriptRows',
  'transcriptTimeline',
  'transcriptDiff',
  'removeTranscript',
  'exportHtml',
  'prepareHtmlDownload',
  'replay',
] as const satisfies readonly (keyof DebugApi)[];

export type DebugEvent =
  | { channel: 'debug'; type: 'breakpoints'; breakpoints: Breakpoint[] }
  | { channel: 'debug'; type: 'paused'; paused: PausedCall }
  | { channel: 'debug'; type: 'resumed'; pauseId: string; runId: string }
  | { channel: 'debug'; type: 'transcripts'; transcripts: SavedTranscriptRef[] }
  /** A replay against a recording finished: `ok` when every call and the result matched. */
  | { channel: 'debug'; type: 'replay_checked'; runId: string; ok: boolean; reason?: string };
