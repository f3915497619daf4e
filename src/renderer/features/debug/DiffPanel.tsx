import { useEffect, useMemo, useState } from 'react';
import type { TranscriptSource } from '../../../shared/api/debug';
import type { TranscriptEntry } from '../../../shared/transcript';
import { diffRowsText, type TranscriptDiff } from '../../../shared/transcriptDiff';
import { describeRunListItem, formatCount, plural } from '../../../shared/format';
import { MonacoDiff } from '../../ui/monaco/MonacoDiff';
import { useTranscriptDiff } from './useTranscriptDiff';
import { DiffRowList } from './DiffRowList';
import { useDebugStore } from '../../state/debugStore';
import { useDiffRequest } from '../../state/diffRequest';
import { useDebugSync } from '../../state/useDebugSync';
import { SecretRevealToggle } from '../../ui/SecretRevealToggle';
import { useSecretReveal } from '../../state/useSecretReveal';
import { HOST_DIFF_ROWS, useHostDiff } from './useHostDiff';
import { useWorkspaceRuns } from '../../state/useWorkspaceRuns';
import type { ListedRun } from '../../state/workspaceRuns';

/** From this many entries in the two runs, the host compares them and the page holds a page of rows. */
const HOST_DIFF_ENTRIES = 2_000;

interface DiffSource {
  key: string;
  label: string;
  /** A run made in another workspace: offered apart, under "Runs from other workspaces". */
  elsewhere?: boolean;
  /** That workspace's file name. */
  workspaceName?: string;
  entries: TranscriptEntry[];
  /** Entries in all (more than `entries` while a run is still loading after a reload, or when it holds only a tail). */
  count: number;
  code?: string;
  /** Where the host reads it (a run, going or finished; an opened file). */
  hostSource?: TranscriptSource;
  /** A run still going: compared as far as it has got. */
  live?: boolean;
  /** The page holds all its entries (not so for a run it knows only from the host's list, or only the tail of). */
  held: boolean;
}

/** What the panel shows: the whole diff of two short runs, or a page of the host's diff of long ones. */
interface ShownDiff extends TranscriptDiff {
  /** Index of rows[0] among all the rows. */
  offset: number;
  nextDifference?: number;
  rowCount: number;
  differences: number;
}

type DiffView = 'code' | 'result' | 'messages';

/** Two runs side by side in Monaco's diff editor: code, result, and messages aligned by callId. */
export function DiffPanel() {
  useDebugSync();
  const { here, elsewhere } = useWorkspaceRuns();
  const opened = useDebugStore((s) => s.opened);
  const sources = useMemo(() => {
    // This workspace's runs last: the two newest of them are the sides compared by default.
    const list: DiffSource[] = [
      ...elsewhere.map((run) => diffSourceOf(run, true)),
      ...here.map((run) => diffSourceOf(run)),
    ];
    if (opened)
      list.push({
        key: 'opened',
        label: `opened: ${opened.label}`,
        entries: opened.entries,
        count: opened.count,
        ...(opened.header ? { code: opened.header.code } : {}),
        ...(opened.source ? { hostSource: opened.source } : {}),
        held: opened.entries.length === opened.count,
      });
    return list;
  }, [here, elsewhere, opened]);
  const [leftKey, setLeftKey] = useState<string | null>(null);
  const [rightKey, setRightKey] = useState<string | null>(null);
  // Two runs another view asked to compare (the Ask panel's comparison), taken once.
  const requested = useDiffRequest((s) => s.request);
  const [appliedAt, setAppliedAt] = useState<number | undefined>();
  if (requested && requested.at !== appliedAt) {
    setAppliedAt(requested.at);
    setLeftKey(`run:${requested.left}`);
    setRightKey(`run:${requested.right}`);
  }
  useEffect(() => {
    if (requested) useDiffRequest.getState().taken(requested.at);
  }, [requested]);
  const [view, setView] = useState<DiffView>('messages');
  // By default the two newest of this workspace; another workspace's run only when this one has one run.
  const thisWorkspace = sources.filter((s) => !s.elsewhere);
  const pool = thisWorkspace.length >= 2 ? thisWorkspace : sources;
  const left = sources.find((s) => s.key === leftKey) ?? pool[pool.length - 2];
  const right = sources.find((s) => s.key === rightKey) ?? pool[pool.length - 1];
  const [pageFrom, setPageFrom] = useState<{ key: string; from: number } | null>(null);
  const pairKey = `${left?.key}|${right?.key}`;
  const long =
    left?.hostSource !== undefined &&
    right?.hostSource !== undefined &&
    (left.count + right.count >= HOST_DIFF_ENTRIES || !left.held || !right.held);
  const live = left?.live === true || right?.live === true;
  const host = useHostDiff(
    long ? left.hostSource : undefined,
    long ? right.hostSource : undefined,
    pageFrom?.key === pairKey ? pageFrom.from : null,
    live,
  );
  const onHost = long && !host.failed;
  // The page's own diff (in a worker when large) for short runs, held whole; or, when the host no
  // longer has a run, of what the page holds of it.
  const { diff: local, computing: localComputing } = useTranscriptDiff(
    onHost || !left ? undefined : left.entries,
    onHost || !right ? undefined : right.entries,
    {
      ...(left?.code !== undefined ? { left: left.code } : {}),
      ...(right?.code !== undefined ? { right: right.code } : {}),
    },
  );
  const computed = useMemo((): ShownDiff | null => {
    if (!onHost)
      return local
        ? {
            ...local,
            offset: 0,
            rowCount: local.rows.length,
            differences: local.rows.filter((row) => !row.same).length,
          }
        : null;
    const page = host.page;
    if (!page) return null;
    return {
      left: { ...page.left, messages: diffRowsText(page.rows, (row) => row.left) },
      right: { ...page.right, messages: diffRowsText(page.rows, (row) => row.right) },
      rows: page.rows,
      alignedBy: page.alignedBy,
      ...(page.firstDifference !== undefined ? { firstDifference: page.firstDifference } : {}),
      offset: page.from,
      ...(page.nextDifference !== undefined ? { nextDifference: page.nextDifference } : {}),
      rowCount: page.rowCount,
      differences: page.differences,
    };
  }, [onHost, local, host.page]);
  const computing = onHost ? !host.page : localComputing;
  const reveal = useSecretReveal('the diff', computed);
  const diff = reveal.value;

  if (host.failed && (left?.entries.length === 0 || right?.entries.length === 0))
    return (
      <div className="pane-empty" role="status">
        The host no longer keeps one of these runs, and this page holds none of it: pick another pair.
      </div>
    );
  if (computing && sources.length >= 2)
    return (
      <div className="pane-empty" role="status" data-testid="diff-computing">
        Comparing the two runs…
      </div>
    );
  if (sources.length < 2 || !left || !right || !diff)
    return (
      <div className="pane-empty">Run twice (or run once and open a transcript) to compare them here.</div>
    );

  // Rows are counted among all of them; `shownFirst` is the first difference among the rows held.
  const shownFirst = diff.firstDifference === undefined ? undefined : diff.firstDifference - diff.offset;
  const first = shownFirst !== undefined ? diff.rows[shownFirst] : undefined;
  // The editor shows the first difference, or on a later page of rows the first one there.
  const revealRow = first ? shownFirst : diff.rows.findIndex((row) => !row.same);
  const firstLine =
    revealRow === undefined || revealRow < 0 ? undefined : lineOfRow(diff.left.messages, revealRow);
  const paged = diff.rowCount > diff.rows.length;
  const goTo = (from: number) =>
    setPageFrom({ key: pairKey, from: Math.max(0, Math.min(from, diff.rowCount - 1)) });

  return (
    <div className="debug-panel diff-panel">
      <div className="diff-controls">
        <SourcePicker label="Left run" sources={sources} value={left.key} onChange={setLeftKey} />
        <SourcePicker label="Right run" sources={sources} value={right.key} onChange={setRightKey} />
        <div className="segmented" role="tablist" aria-label="What to compare">
          {(['messages', 'code', 'result'] as const).map((option) => (
            <button
              key={option}
              role="tab"
              aria-selected={view === option}
              className={view === option ? 'active' : ''}
              onClick={() => setView(option)}
            >
              {option}
            </button>
          ))}
        </div>
      </div>
      <SecretRevealToggle reveal={reveal} />
      <p
        className={diff.firstDifference !== undefined ? 'banner warn' : 'banner info'}
        data-testid="first-difference"
      >
        {diff.firstDifference !== undefined && !first
          ? `First difference: row ${formatCount(diff.firstDifference + 1)}`
          : first
            ? `First difference: ${first.label}${first.left === undefined ? ' (only in the right run)' : first.right === undefined ? ' (only in the left run)' : ''}`
            : 'No difference in code, tool calls or result (timings and ids aside).'}
        {diff.alignedBy === 'order' && ' · calls paired by order (the runs share no callIds)'}
        {live &&
          (onHost
            ? ' · a run still going: compared as far as it has got, again every few seconds'
            : ' · a run still going: compared as far as it has got')}
      </p>
      {paged && (
        <div className="diff-pager" data-testid="diff-pager">
          <span>
            Rows {formatCount(diff.offset + 1)}–{formatCount(diff.offset + diff.rows.length)} of{' '}
            {formatCount(diff.rowCount)} · {plural(diff.differences, 'difference')} · compared on the host
          </span>
          <button disabled={diff.offset === 0} onClick={() => goTo(diff.offset - HOST_DIFF_ROWS)}>
            Previous rows
          </button>
          <button
            disabled={diff.offset + diff.rows.length >= diff.rowCount}
            onClick={() => goTo(diff.offset + HOST_DIFF_ROWS)}
          >
            Next rows
          </button>
          {diff.firstDifference !== undefined && (
            <button onClick={() => goTo(Math.max(0, diff.firstDifference! - 20))}>First difference</button>
          )}
          {diff.nextDifference !== undefined && (
            <button onClick={() => goTo(diff.nextDifference! - 20)}>Next difference</button>
          )}
        </div>
      )}
      <MonacoDiff
        original={
          view === 'code' ? diff.left.code : view === 'result' ? diff.left.result : diff.left.messages
        }
        modified={
          view === 'code' ? diff.right.code : view === 'result' ? diff.right.result : diff.right.messages
        }
        language={view === 'code' ? 'typescript' : 'plaintext'}
        revealLine={view === 'messages' ? firstLine : undefined}
      />
      <DiffRowList rows={diff.rows} firstDifference={shownFirst} />
    </div>
  );
}

function lineOfRow(messages: string, rowIndex: number): number {
  // Each row starts with an unindented label line; the rest of the row is indented.
  const lines = messages.split('\n');
  let seen = -1;
  for (let line = 0; line < lines.length; line += 1) {
    if (!lines[line]!.startsWith('  ')) seen += 1;
    if (seen === rowIndex) return line + 1;
  }
  return 1;
}

/** A run as a side of the diff: the page's entries when it holds them, else the host compares it. */
function diffSourceOf(run: ListedRun, elsewhere = false): DiffSource {
  const copy = run.held;
  const count = copy
    ? (copy.loading?.total ?? (copy.firstIndex ?? 0) + copy.entries.length)
    : (run.summary?.entryCount ?? 0);
  return {
    key: `run:${run.runId}`,
    label: describeRunListItem({
      ...(run.name ? { name: run.name } : {}),
      when: run.startedAt,
      ...(run.origin ? { origin: run.origin } : {}),
      ...(run.result ? { end: { result: run.result, ...(run.facts ? { facts: run.facts } : {}) } } : {}),
    }),
    ...(elsewhere ? { elsewhere } : {}),
    ...(elsewhere && run.workspacePath ? { workspaceName: run.workspacePath.split(/[\\/]/).at(-1) } : {}),
    entries: copy?.entries ?? [],
    count,
    ...(copy?.request ? { code: copy.request.code } : {}),
    hostSource: { runId: run.runId },
    ...(run.live ? { live: true } : {}),
    held: copy !== undefined && !copy.loading && copy.entries.length === count,
  };
}

function SourcePicker(props: {
  label: string;
  sources: DiffSource[];
  value: string;
  onChange(key: string): void;
}) {
  return (
    <select
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {props.sources
        .filter((source) => !source.elsewhere)
        .map((source) => (
          <option key={source.key} value={source.key}>
            {source.label}
          </option>
        ))}
      {props.sources.some((source) => source.elsewhere) && (
        <optgroup label="Runs from other workspaces">
          {props.sources
            .filter((source) => source.elsewhere)
            .map((source) => (
              <option key={source.key} value={source.key}>
                {source.label}
                {source.workspaceName ? ` · in ${source.workspaceName}` : ''}
              </option>
            ))}
        </optgroup>
      )}
    </select>
  );
}
