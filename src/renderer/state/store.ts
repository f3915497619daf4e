import { create } from 'zustand';
import type { PlaygroundEvent } from '../../shared/api/playgroundApi';
import type {
  ManualCallRequest,
  ProviderConsoleLine,
  ProviderStatus,
  ServerRequest,
  TypingsState,
} from '../../shared/api/providers';
import { mergeConsoleLines } from '../../shared/view/mergeConsoleLines';
import { MCP_TRAFFIC_MESSAGES, type McpTrafficMessage } from '../../shared/api/mcpInspect';
import type { WorkspaceView } from '../../shared/api/workspace';
import { withNewestTypings } from '../../shared/view/newestTypings';
import { takesOverPanes } from '../../shared/view/takesOverPanes';
import type { RunView } from './runView';
import type { RunOrigin } from '../../shared/api/runs';
import type { TranscriptEntry } from '../../shared/transcript';
import { appendNewEntries } from './appendNewEntries';
import { withHeldTail } from './heldTail';
import { withDoneValue } from '../../shared/view/withDoneValue';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface Notice {
  id: number;
  kind: 'error' | 'info';
  text: string;
  /** What it is about ('run', 'runtime-settings'…): a newer notice or a success of the same source replaces it. */
  source?: string;
}

export interface PlaygroundState {
  connection: ConnectionState;
  workspace: WorkspaceView | null;
  providers: ProviderStatus[];
  /** The newest typings of each workspace file (see withNewestTypings); the editor types the shown one's. */
  typings: Readonly<Record<string, TypingsState>>;
  manualCalls: ManualCallRequest[];
  /** MCP servers' elicitation and sampling requests waiting for the person, oldest first. */
  serverRequests: ServerRequest[];
  /** Each provider's console lines (MCP log messages, stderr), by provider id. */
  consoles: Record<string, ProviderConsoleLine[]>;
  /** Adds console lines fetched from the host (they may overlap lines that came as events). */
  addConsoleLines(providerId: string, lines: readonly ProviderConsoleLine[], cleared?: boolean): void;
  /** Each MCP provider's raw JSON-RPC traffic, by provider id. */
  traffic: Record<string, McpTrafficMessage[]>;
  addTraffic(providerId: string, messages: readonly McpTrafficMessage[], cleared?: boolean): void;
  runs: Record<string, RunView>;
  /** The run the result and transcript panes show. */
  currentRunId: string | null;
  /** The person's own latest run (not an agent's, not a tap's): what Run waits for and "your run" opens. */
  ownRunId: string | null;
  /** The person chose to follow agents' runs: each one they start takes over the panes. */
  followAgents: boolean;
  /** A start request is on its way (before the host answered with a run id). */
  starting: boolean;
  notices: Notice[];
  /** Modal dialogs open now: notices then show inside the top one, not behind its backdrop. */
  openDialogs: number;
  helpOpen: boolean;
  /** The editor holds text not yet saved to the workspace (pending, failed or in conflict). */
  unsavedEdits: boolean;
  notify(kind: Notice['kind'], text: string, source?: string): void;
  /** The source succeeded: its errors are no longer true. */
  settled(source: string): void;
  dismiss(id: number): void;
  applyEvent(event: PlaygroundEvent): void;
}

let nextNoticeId = 1;
/** The host keeps as many (PROVIDER_CONSOLE_LINES). */
const MAX_CONSOLE_LINES = 500;
const MAX_RUNS_KEPT = 10;

function withRun(runs: Record<string, RunView>, runId: string, update: (run: RunView) => RunView) {
  const run = runs[runId] ?? { runId, seenAt: Date.now(), entries: [] };
  const next = { ...runs, [runId]: update(run) };
  const ids = Object.keys(next);
  for (const old of ids.slice(0, Math.max(0, ids.length - MAX_RUNS_KEPT))) delete next[old];
  return next;
}

/** While its transcript is fetched page by page, a run's live entries wait behind the pages. */
function withLiveEntries(run: RunView, entries: readonly TranscriptEntry[]): RunView {
  return run.loading
    ? { ...run, liveDuringLoad: (run.liveDuringLoad ?? []).concat(entries) }
    : withHeldTail({ ...run, entries: appendNewEntries(run.entries, entries) });
}

export const usePlaygroundStore = create<PlaygroundState>()((set) => ({
  connection: 'connecting',
  workspace: null,
  providers: [],
  typings: {},
  manualCalls: [],
  serverRequests: [],
  consoles: {},
  addConsoleLines: (providerId, lines, cleared) =>
    set((state) => ({
      consoles: {
        ...state.consoles,
        [providerId]: mergeConsoleLines(state.consoles[providerId] ?? [], lines, MAX_CONSOLE_LINES, cleared),
      },
    })),
  traffic: {},
  addTraffic: (providerId, messages, cleared) =>
    set((state) => ({
      traffic: {
        ...state.traffic,
        [providerId]: mergeConsoleLines(
          state.traffic[providerId] ?? [],
          messages,
          MCP_TRAFFIC_MESSAGES,
          cleared,
        ),
      },
    })),
  runs: {},
  currentRunId: null,
  ownRunId: null,
  followAgents: false,
  starting: false,
  notices: [],
  openDialogs: 0,
  helpOpen: false,
  unsavedEdits: false,
  notify: (kind, text, source) =>
    set((state) => ({
      notices: [
        ...state.notices.filter((n) => source === undefined || n.source !== source).slice(-4),
        { id: nextNoticeId++, kind, text, ...(source === undefined ? {} : { source }) },
      ],
    })),
  settled: (source) => set((state) => ({ notices: state.notices.filter((n) => n.source !== source) })),
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
  applyEvent: (event) =>
    set((state): Partial<PlaygroundState> => {
      switch (event.channel) {
        case 'workspace': {
          if (event.type !== 'changed') return {};
          // Another workspace opened: a finished run of the last one is not this one's result, but
          // this one's own last run (if the page holds it) is.
          const current = state.currentRunId ? state.runs[state.currentRunId] : undefined;
          const moved = state.workspace !== null && state.workspace.path !== event.workspace.path;
          if (!moved || (current && !current.result && !current.hostStopped))
            return { workspace: event.workspace };
          const last = lastOwnRunIn(state.runs, event.workspace.path);
          return { workspace: event.workspace, currentRunId: last?.runId ?? null };
        }
        case 'providers':
          if (event.type === 'changed') return { providers: event.providers };
          if (event.type === 'typings') {
            const { channel: _channel, type: _type, ...typings } = event;
            return { typings: withNewestTypings(state.typings, typings) };
          }
          if (event.type === 'manual_call') {
            const { requestId, providerName, toolName, input } = event;
            return { manualCalls: [...state.manualCalls, { requestId, providerName, toolName, input }] };
          }
          if (event.type === 'manual_call_settled') {
            return { manualCalls: state.manualCalls.filter((c) => c.requestId !== event.requestId) };
          }
          if (event.type === 'server_request') {
            if (state.serverRequests.some((r) => r.requestId === event.request.requestId)) return {};
            return { serverRequests: [...state.serverRequests, event.request] };
          }
          if (event.type === 'server_request_settled') {
            return { serverRequests: state.serverRequests.filter((r) => r.requestId !== event.requestId) };
          }
          if (event.type === 'mcp_traffic') {
            const held = state.traffic[event.providerId] ?? [];
            return {
              traffic: {
                ...state.traffic,
                [event.providerId]: mergeConsoleLines(
                  held,
                  event.messages,
                  MCP_TRAFFIC_MESSAGES,
                  event.cleared,
                ),
              },
            };
          }
          if (event.type === 'console') {
            const held = state.consoles[event.providerId] ?? [];
            return {
              consoles: {
                ...state.consoles,
                [event.providerId]: mergeConsoleLines(held, event.lines, MAX_CONSOLE_LINES, event.cleared),
              },
            };
          }
          return {};
        case 'runs':
          if (event.type === 'started') {
            const follow = takesOverPanes(event.request.origin) || state.followAgents;
            return {
              runs: withRun(state.runs, event.runId, (run) => ({
                ...run,
                request: event.request,
                ...(event.request.origin ? { origin: event.request.origin } : {}),
                ...(event.workspacePath ? { workspacePath: event.workspacePath } : {}),
                ...(event.name ? { name: event.name } : {}),
              })),
              ...(follow ? { currentRunId: event.runId } : {}),
              ...(isOwnRun(event.request.origin) ? { ownRunId: event.runId } : {}),
              ...(takesOverPanes(event.request.origin) ? { starting: false } : {}),
            };
          }
          if (event.type === 'entries') {
            return { runs: withRun(state.runs, event.runId, (run) => withLiveEntries(run, event.entries)) };
          }
          if (event.type === 'finished') {
            const entries = withDoneValue(event.entries, event.result);
            return {
              runs: withRun(state.runs, event.runId, ({ hostStopped: _settled, ...run }) => ({
                ...withLiveEntries(run, entries),
                result: event.result,
                ...(event.facts ? { facts: event.facts } : {}),
                finishedAt: Date.now(),
              })),
            };
          }
          return {};
        default:
          return {};
      }
    }),
}));

/** The person's own runs: theirs and their replays, not an agent's or a tapped session. */
export function isOwnRun(origin: RunOrigin | undefined): boolean {
  return origin === undefined || origin.kind === 'person' || origin.kind === 'replay';
}

/** The person's latest run made in the workspace at `path`, of those the page holds. */
export function lastOwnRunIn(runs: Record<string, RunView>, path: string): RunView | undefined {
  return Object.values(runs)
    .filter((run) => run.workspacePath === path && isOwnRun(run.origin))
    .sort((a, b) => a.seenAt - b.seenAt)
    .at(-1);
}

/** The run the panes show, if any. */
export function useCurrentRun(): RunView | undefined {
  return usePlaygroundStore((state) => (state.currentRunId ? state.runs[state.currentRunId] : undefined));
}
