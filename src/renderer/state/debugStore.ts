import { create } from 'zustand';
import type {
  Breakpoint,
  DebugEvent,
  LoadedTranscript,
  PausedCall,
  SavedTranscriptRef,
  TranscriptSource,
} from '../../shared/api/debug';
import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { useTabStore } from './tabStore';
import { takesOverPanes } from '../../shared/view/takesOverPanes';
import { usePlaygroundStore } from './store';
import { describeError } from './describeError';

export interface OpenedTranscript extends LoadedTranscript {
  /** What the user opened: a saved transcript's name, a file, or a run. */
  label: string;
  /** Where the host reads it again (the views page it, and whole-run views ask the host rather than walk it here). */
  source?: TranscriptSource;
  /** When it was opened (ms): opening a file again gives the views another transcript (it may have changed). */
  openedAt: number;
}

export interface DebugState {
  breakpoints: Breakpoint[];
  paused: PausedCall[];
  transcripts: SavedTranscriptRef[];
  /** The transcript shown by the step-through view and offered to the diff. */
  opened: OpenedTranscript | null;
  replayChecks: Record<string, { ok: boolean; reason?: string }>;
  /** Which transcript every view shows: the current run, or the opened one. */
  viewing: 'run' | 'opened';
  /** The tool call selected in any view (table row, step, timeline bar), selected in all of them. */
  selectedCallId: string | null;
  applyDebugEvent(event: DebugEvent): void;
}

export const useDebugStore = create<DebugState>()((set) => ({
  breakpoints: [],
  paused: [],
  transcripts: [],
  opened: null,
  replayChecks: {},
  viewing: 'run',
  selectedCallId: null,
  applyDebugEvent: (event) =>
    set((state): Partial<DebugState> => {
      switch (event.type) {
        case 'breakpoints':
          return { breakpoints: event.breakpoints };
        case 'paused':
          return {
            paused: [...state.paused.filter((p) => p.pauseId !== event.paused.pauseId), event.paused],
          };
        case 'resumed':
          return { paused: state.paused.filter((p) => p.pauseId !== event.pauseId) };
        case 'transcripts':
          return { transcripts: event.transcripts };
        case 'replay_checked':
          return {
            replayChecks: {
              ...state.replayChecks,
              [event.runId]: { ok: event.ok, ...(event.reason ? { reason: event.reason } : {}) },
            },
          };
      }
    }),
}));

let syncedApi: PlaygroundApi | null = null;

/**
 * Subscribes the debug store to the host's debug events once per connection and loads the current
 * breakpoints, held calls and saved transcripts. Any debug panel may call it; only the first counts.
 */
export function syncDebugState(api: PlaygroundApi): void {
  if (syncedApi === api) return;
  syncedApi = api;
  const store = useDebugStore.getState();
  api.onEvent((event) => {
    // Another workspace (or an edit of this one) brings its own saved transcripts.
    if (event.channel === 'workspace' && event.type === 'changed')
      void api.debug
        .listTranscripts()
        .then((transcripts) => useDebugStore.setState({ transcripts }))
        .catch(() => {});
    // A new run of the person's is what they want to watch: every view follows it.
    if (event.channel === 'runs' && event.type === 'started' && takesOverPanes(event.request.origin))
      useDebugStore.setState({ viewing: 'run', selectedCallId: null });
    if (event.channel !== 'debug') return;
    store.applyDebugEvent(event);
    // A newly held call is what the user must act on: show its panel.
    if (event.type === 'paused') useTabStore.getState().select('bottom', 'paused-call');
    if (event.type === 'replay_checked')
      usePlaygroundStore
        .getState()
        .notify(
          event.ok ? 'info' : 'error',
          event.ok
            ? 'Replay matched the recording: same tool calls, same result.'
            : `Replay differs from the recording: ${event.reason ?? 'unknown difference'}`,
        );
  });
  loadDebugState(api);
}

/**
 * Fetches the breakpoints, held calls and saved transcripts the host has now, replacing what the
 * page had: on start and after every reconnect, so a call the host no longer holds is never offered.
 */
export function loadDebugState(api: PlaygroundApi): void {
  const report = (error: unknown) => usePlaygroundStore.getState().notify('error', describeError(error));
  void api.debug
    .listBreakpoints()
    .then((breakpoints) => useDebugStore.setState({ breakpoints }))
    .catch(report);
  void api.debug
    .pausedCalls()
    .then((paused) => useDebugStore.setState({ paused }))
    .catch(report);
  void api.debug
    .listTranscripts()
    .then((transcripts) => useDebugStore.setState({ transcripts }))
    .catch(report);
}
