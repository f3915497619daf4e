import type { TranscriptEntry } from '../../../shared/transcript';
import { TranscriptRowsBuilder, type TranscriptRow } from '../../../shared/view/describeEntries';
import { emptyContentWidths, measureContent, type ContentWidths } from './transcriptColumns';
import { grewFrom } from '../../../shared/view/grewFrom';

/** What the transcript pane derives from a run's entries. */
export interface TranscriptModel {
  /** Grows in place as the run does: a new model object (not a new array) says it changed. */
  rows: TranscriptRow[];
  content: ContentWidths;
  providers: string[];
  /** Calls a replay flagged as differing from the recording. */
  diverged: ReadonlySet<string>;
  /** The running call that reported progress last (its row has `progress`). */
  progressing?: TranscriptRow;
}

interface RunState {
  builder: TranscriptRowsBuilder;
  entries: readonly TranscriptEntry[] | null;
  /** How many rows the model held when it was last derived (its rows array grows in place). */
  counted: number;
  model: TranscriptModel;
  providerNames: Set<string>;
}

const MAX_RUNS = 12;
const NO_CALLS: ReadonlySet<string> = new Set();
const states = new Map<string, RunState>();

/**
 * `entries` is what `derived` was before later batches were appended (the table shows a deferred
 * copy of a live run while the run bar reads the latest): the later model serves it, where
 * deriving it again would rebuild every row.
 */
function isEarlierVersion(
  entries: readonly TranscriptEntry[],
  derived: readonly TranscriptEntry[] | null,
): boolean {
  return (
    derived !== null && entries.length < derived.length && grewFrom(derived, entries.length, entries.at(-1))
  );
}

/**
 * The pane's rows, column widths and provider names for a run, updated with only the entries that
 * arrived since the last call for that run, so following a 100,000-entry run costs per batch what
 * the batch holds.
 */
export function transcriptModelFor(runId: string, entries: readonly TranscriptEntry[]): TranscriptModel {
  let state = states.get(runId);
  if (!state) {
    state = {
      builder: new TranscriptRowsBuilder(),
      entries: null,
      counted: 0,
      model: { rows: [], content: emptyContentWidths(), providers: [], diverged: NO_CALLS },
      providerNames: new Set(),
    };
    states.set(runId, state);
    if (states.size > MAX_RUNS) states.delete(states.keys().next().value!);
  }
  if (state.entries === entries || isEarlierVersion(entries, state.entries)) return state.model;
  const rows = state.builder.update(entries);
  // The builder grows the same array while the transcript grows; another transcript is a new one.
  const extended = rows === state.model.rows;
  if (!extended) state.providerNames = new Set();
  const sizeBefore = state.providerNames.size;
  for (let i = extended ? state.counted : 0; i < rows.length; i++) {
    const name = rows[i]!.provider;
    if (name) state.providerNames.add(name);
  }
  state.entries = entries;
  state.counted = rows.length;
  state.model = {
    diverged: state.builder.divergedCalls(),
    rows,
    content: measureContent(state.model.content, rows),
    providers:
      extended && state.providerNames.size === sizeBefore
        ? state.model.providers
        : [...state.providerNames].sort(),
  };
  const progressing = state.builder.runningProgress();
  if (progressing) state.model.progressing = progressing;
  return state.model;
}
