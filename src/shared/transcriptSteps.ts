import type { DoneMessage } from './protocol/messages';
import type { HostEvent, TranscriptEntry } from './transcript';
import { applyEntryToCalls, type TranscriptCall } from './transcriptCalls';

export type StepPhase = 'not_started' | 'starting' | 'running' | 'finished';

/** What a run looked like right after one recorded entry: for stepping through without running. */
export interface TranscriptStepState {
  /** Index of the entry just applied (-1: before the first). */
  index: number;
  entry?: TranscriptEntry;
  phase: StepPhase;
  code?: string;
  /** Calls made and not yet answered at this point. */
  pendingCalls: TranscriptCall[];
  completedCalls: TranscriptCall[];
  /** Host events so far (breakpoints, dispatch, cancel, ...). */
  events: HostEvent[];
  /** The runner reports logs with `done`, so they appear at the last step. */
  logs: string[];
  done?: DoneMessage;
}

/** The state after applying entries[0..index]; index -1 is the state before the run. */
export function transcriptStateAt(entries: readonly TranscriptEntry[], index: number): TranscriptStepState {
  const last = Math.min(Math.max(index, -1), entries.length - 1);
  const calls: TranscriptCall[] = [];
  const byId = new Map<string, TranscriptCall>();
  const state: TranscriptStepState = {
    index: last,
    phase: 'not_started',
    pendingCalls: [],
    completedCalls: [],
    events: [],
    logs: [],
  };
  for (let position = 0; position <= last; position += 1) {
    const entry = entries[position]!;
    applyEntryToCalls(entry, calls, byId);
    if (entry.kind === 'event') {
      state.events.push(entry.event);
      continue;
    }
    const message = entry.message;
    if (message.type === 'execute') {
      state.code = message.code;
      state.phase = 'starting';
    } else if (message.type === 'started') {
      state.phase = 'running';
    } else if (message.type === 'done') {
      state.phase = 'finished';
      state.done = message;
      state.logs = message.logs;
    }
  }
  if (last >= 0) state.entry = entries[last];
  state.pendingCalls = calls.filter((call) => call.endedAt === undefined);
  state.completedCalls = calls.filter((call) => call.endedAt !== undefined);
  return state;
}
