import { describeError } from '../../state/describeError';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { ValueViewer } from '../../ui/values/ValueViewer';
import { usePlaygroundStore } from '../../state/store';
import { useDebugStore } from '../../state/debugStore';
import { markCallSelected, useTranscriptChoice, useViewedTranscript } from '../../state/viewedTranscript';
import { TranscriptPicker } from '../../ui/TranscriptPicker';
import { Icon } from '../../ui/Icon';
import { Dialog } from '../../ui/Dialog';
import { SecretRevealToggle } from '../../ui/SecretRevealToggle';
import { useSecretReveal } from '../../state/useSecretReveal';
import { CONSOLE_TYPE, HOST_EVENT_TYPE, type TranscriptRow } from '../../../shared/view/describeEntries';
import { createRowFilter } from '../../../shared/view/createRowFilter';
import { matchTranscriptRow } from '../../../shared/view/matchTranscriptRow';
import { parseTranscriptQuery } from '../../../shared/view/parseTranscriptQuery';
import { TranscriptSearch } from './TranscriptSearch';
import { TranscriptHeader } from './TranscriptHeader';
import { TypeChips } from './TypeChips';
import { transcriptModelFor } from './transcriptModel';
import { useFixedRowWindow } from './useFixedRowWindow';
import { useTranscriptColumns } from './useTranscriptColumns';
import { cellText, cellTitle, COLUMN_IDS } from '../../../shared/view/transcriptCells';
import { ProgressMeter } from '../../ui/ProgressMeter';
import { useTranscriptFocus } from '../../state/transcriptFocus';
import { useTrafficFocus } from '../../state/trafficFocus';
import { useTranscriptHost } from '../../state/transcriptHost';
import { useTabStore } from '../../state/tabStore';
import type { TranscriptEntry } from '../../../shared/transcript';
import { useUiScale } from '../../ui/display/displaySettings';
import { usePagedTranscript } from './usePagedTranscript';
import { useHostTranscriptSearch } from './useHostTranscriptSearch';
import { filterQueryOf } from './filterQueryOf';

const TYPES = [
  'execute',
  'started',
  'tool_call',
  'tool_result',
  'done',
  'cancel',
  CONSOLE_TYPE,
  HOST_EVENT_TYPE,
];
/** At normal size; presenter mode's zoom scales it with the type. */
const ROW_HEIGHT = 24;
const NO_TERMS = [] as const;

/** Every protocol message and host event of the current run, live, searchable and virtualized. */
export function TranscriptPane() {
  // The run, or a transcript opened from a file: the same one every debug view shows.
  const run = useViewedTranscript();
  const transcriptChoice = useTranscriptChoice();
  const selectedCallId = useDebugStore((s) => s.selectedCallId);
  const notify = usePlaygroundStore((s) => s.notify);
  // A live run's batches reach the table as a deferred update: React drops a batch's render when
  // the next one is already there, so a busy page draws fewer, bigger steps instead of falling behind.
  const shownKey = useDeferredValue(run?.key ?? '');
  const heldEntries = run?.entries ?? NO_ENTRIES;
  const heldFrom = run?.firstIndex ?? 0;
  const held = useMemo(() => ({ entries: heldEntries, firstIndex: heldFrom }), [heldEntries, heldFrom]);
  const shown = useDeferredValue(held);
  const shownEntries = shown.entries;
  const reveal = useSecretReveal('the transcript', shownEntries);
  const entries = reveal.value;
  // Revealed rows are built apart, so hiding the secrets again shows the masked rows.
  const runId = `${shownKey}${reveal.revealed ? '\u0000revealed' : ''}`;
  const model = useMemo(() => transcriptModelFor(runId, entries), [runId, entries]);
  const rows = model.rows;
  const diverged = model.diverged;
  const [hiddenTypes, setHiddenTypes] = useState<ReadonlySet<string>>(new Set());
  const [provider, setProvider] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [onlyMatches, setOnlyMatches] = useState(false);
  const [selection, setSelection] = useState<{ runId: string; seq: number } | null>(null);
  const selectedSeq = selection && selection.runId === run?.key ? selection.seq : null;
  const setSelectedSeq = (seq: number | null) =>
    setSelection(seq === null || !run ? null : { runId: run.key, seq });
  const [follow, setFollow] = useState(true);
  const [wideDetail, setWideDetail] = useState(false);

  const deferredQuery = useDeferredValue(query);
  const parsed = useMemo(() => parseTranscriptQuery(deferredQuery), [deferredQuery]);
  const terms = parsed.ok ? parsed.terms : NO_TERMS;
  const searching = parsed.ok && terms.length > 0;
  // A long run's earlier entries stay on the host: the table fetches them a page at a time as it
  // scrolls, and the host applies the filters and the search to the whole run.
  const filterQuery = filterQueryOf(hiddenTypes, provider, searching && onlyMatches ? deferredQuery : '');
  const host = useTranscriptHost(run);
  const paging = usePagedTranscript(host, shown.firstIndex, rows, filterQuery);
  const totalEntries = shown.firstIndex + rows.length;
  const hostSearch = useHostTranscriptSearch(
    paging && searching ? host : undefined,
    paging?.filtering ? `${deferredQuery} ${filterQuery}` : deferredQuery,
  );

  const [filterRows] = useState(createRowFilter);
  // Wrapped: the rows array may be the model's own, grown in place, so the wrapper says it changed.
  const filtered = useMemo(
    () => ({ rows: filterRows(model.rows, { hiddenTypes, provider }) }),
    [filterRows, model, hiddenTypes, provider],
  );
  const paged = paging !== null;
  const matchSeqs = useMemo(
    () =>
      searching && !paged
        ? filtered.rows.filter((row) => matchTranscriptRow(row, terms)).map((row) => row.seq)
        : [],
    [filtered, terms, searching, paged],
  );
  const matchSet = useMemo(() => new Set(matchSeqs), [matchSeqs]);
  const visible = useMemo(
    () => (searching && onlyMatches ? filtered.rows.filter((row) => matchSet.has(row.seq)) : filtered.rows),
    [filtered, searching, onlyMatches, matchSet],
  );
  // Paged, a row's position is its entry's number (and seq), or its place among the rows filters keep.
  const rowCount = paging
    ? paging.filtering
      ? (paging.filtered?.length ?? 0)
      : totalEntries
    : visible.length;
  // Rows from the host (before the held tail, or filtered there) get the table's revealed secrets too.
  const rowAt = (index: number) => (paging ? reveal.revealIn(paging.rowAt(index)) : visible[index]);
  const isMatch = (row: TranscriptRow) =>
    paging ? searching && matchTranscriptRow(row, terms) : matchSet.has(row.seq);
  const providers = model.providers;
  const columns = useTranscriptColumns(model.content);
  const selectedIndex =
    selectedSeq === null
      ? -1
      : paging
        ? paging.positionOf(selectedSeq)
        : visible.findIndex((r) => r.seq === selectedSeq);
  const selected =
    selectedSeq === null
      ? undefined
      : selectedIndex >= 0
        ? rowAt(selectedIndex)
        : rows.find((r) => r.seq === selectedSeq);
  const currentMatch =
    selectedSeq !== null && matchSet.has(selectedSeq) ? matchSeqs.indexOf(selectedSeq) : null;
  // Every way of selecting a row (a click, stepping through matches, a jump) selects its call in the other views.
  const selectedRowCall = selected?.callId;
  useEffect(() => {
    if (selectedRowCall) markCallSelected(selectedRowCall);
  }, [selectedRowCall]);
  // The selected entry reveals on its own, held or paged in from the host (the table's reveal covers the held tail).
  const selectedReveal = useSecretReveal('the selected entry', selected?.entry);

  const rowHeight = Math.round(ROW_HEIGHT * useUiScale());
  const header = useRef<HTMLDivElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);

  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const following = follow && rowCount > 0;
  const rowWindow = useFixedRowWindow({
    scroller: scrollElement,
    count: rowCount,
    rowHeight,
    overscan: 10,
    followEnd: following,
  });

  const requestRows = paging?.request;
  useEffect(
    () => requestRows?.(rowWindow.start, rowWindow.end),
    [requestRows, rowWindow.start, rowWindow.end],
  );

  const show = (row: TranscriptRow) => {
    setSelectedSeq(row.seq);
    setFollow(false);
    const index = visible.indexOf(row);
    if (index >= 0) rowWindow.scrollToIndex(index);
  };

  const rowsOnScreen = () =>
    windowIndexes(rowWindow.start, rowWindow.end).flatMap((index) => rowAt(index) ?? []);

  /** Paged: selects entry `index` and scrolls to it (its row fills in when its page comes). */
  const showIndex = (index: number) => {
    setSelectedSeq(index);
    setFollow(false);
    const position = paging ? paging.positionOf(index) : index;
    if (position >= 0) return rowWindow.scrollToIndex(position);
    // Hidden by the filters: shown without them (where a row's position is its entry's number).
    setHiddenTypes(new Set());
    setProvider(null);
    setOnlyMatches(false);
    requestAnimationFrame(() => rowWindow.scrollToIndex(index));
  };

  const step = (direction: 1 | -1) => {
    if (paging) {
      const from = selectedSeq ?? (direction === 1 ? -1 : rowCount);
      hostSearch.find(from, direction).then(
        (index) => index !== null && showIndex(index),
        (error: unknown) => notify('error', `The search failed: ${String(error)}`),
      );
      return;
    }
    if (matchSeqs.length === 0) return;
    let next: number;
    if (currentMatch !== null) {
      next = (currentMatch + direction + matchSeqs.length) % matchSeqs.length;
    } else {
      // From the selected row (or the top), the first match in the direction of travel.
      const from = selectedSeq ?? (direction === 1 ? -1 : Infinity);
      const found =
        direction === 1
          ? matchSeqs.findIndex((seq) => seq > from)
          : matchSeqs.findLastIndex((seq) => seq < from);
      next = found >= 0 ? found : direction === 1 ? 0 : matchSeqs.length - 1;
    }
    const row = visible.find((r) => r.seq === matchSeqs[next]);
    if (row) show(row);
  };

  const jumpToCall = useTranscriptFocus((s) => s.jumpToCall);
  const onJump = useRef<(callId: string) => void>(() => {});
  const visibleRef = useRef(visible);
  useEffect(() => {
    visibleRef.current = visible;
    onJump.current = (callId) => {
      const call = rows.find((r) => r.type === 'tool_call' && r.callId === callId);
      if (!call && paging) {
        // Before the held tail: the host finds it.
        hostSearch.findCall(callId).then(
          (index) =>
            index === null
              ? notify('info', `Call ${callId} is not in this run's transcript.`)
              : showIndex(index),
          () => notify('info', `Call ${callId} is not in this run's transcript.`),
        );
        return;
      }
      if (!call) {
        notify('info', `Call ${callId} is not in this run's transcript.`);
        return;
      }
      if (paging) {
        showIndex(call.seq);
        return;
      }
      if (!visible.includes(call)) {
        setHiddenTypes(new Set());
        setProvider(null);
        setOnlyMatches(false);
      }
      setSelectedSeq(call.seq);
      setFollow(false);
      // The row may only be visible after the next render (when the filters were cleared above).
      requestAnimationFrame(() => {
        const index = visibleRef.current.findIndex((r) => r.seq === call.seq);
        if (index >= 0) rowWindow.scrollToIndex(index);
      });
    };
  });
  useEffect(
    () =>
      useTranscriptFocus.subscribe((state, previous) => {
        if (state.request && state.request !== previous.request) onJump.current(state.request.callId);
      }),
    [],
  );
  // A call selected in another view while this tab was hidden (the timeline shares its area).
  useEffect(() => {
    const pending = useDebugStore.getState().selectedCallId;
    if (pending && rows.some((r) => r.type === 'tool_call' && r.callId === pending)) onJump.current(pending);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the table appears
  }, []);

  const copy = async (what: unknown, label: string) => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(what, null, 2));
      notify('info', `Copied ${label} as JSON.`);
    } catch {
      notify('error', 'The clipboard is not available here.');
    }
  };

  const toggleType = (type: string) =>
    setHiddenTypes((old) => {
      const next = new Set(old);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });

  if (!run)
    return (
      <div className="pane-empty">The protocol messages of your next run appear here as they happen.</div>
    );

  return (
    <div
      className="transcript"
      // For tests: how many entries the page holds for this table (the held tail and fetched pages).
      data-entries-held={shownEntries.length + (paging?.held ?? 0)}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
          e.preventDefault();
          searchBox.current?.focus();
          searchBox.current?.select();
        }
      }}
    >
      <div className="transcript-tools">
        {transcriptChoice && <TranscriptPicker {...transcriptChoice} />}
        <SecretRevealToggle reveal={reveal} />
        <TranscriptSearch
          ref={searchBox}
          query={query}
          onQuery={setQuery}
          error={parsed.ok ? null : parsed.error}
          matchCount={paging ? (hostSearch.total ?? 0) : matchSeqs.length}
          counting={paging !== null && searching && hostSearch.total === null}
          current={paging ? null : currentMatch}
          onStep={step}
        />
        <TypeChips types={TYPES} hidden={hiddenTypes} onToggle={toggleType} />
        <select
          aria-label="Filter by provider"
          value={provider ?? ''}
          onChange={(e) => setProvider(e.target.value || null)}
        >
          <option value="">All providers</option>
          {providers.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        <label className="chip" title="Hide the rows the search does not match">
          <input type="checkbox" checked={onlyMatches} onChange={(e) => setOnlyMatches(e.target.checked)} />
          only matches
        </label>
        <label className="chip">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} />
          follow
        </label>
        <button
          title={paging ? 'Copies the entries on screen (the run is longer than the page holds)' : undefined}
          onClick={() => {
            const shownRows = paging ? rowsOnScreen() : visible;
            void copy(
              shownRows.map((r) => r.entry),
              `${shownRows.length} entries`,
            );
          }}
        >
          Copy as JSON
        </button>
        <span className="muted" data-testid="transcript-count">
          {paging
            ? paging.filtering
              ? paging.filtered
                ? `${paging.filtered.length.toLocaleString('en-US')} of ${totalEntries.toLocaleString('en-US')} entries`
                : `filtering ${totalEntries.toLocaleString('en-US')} entries…`
              : `${totalEntries.toLocaleString('en-US')} entries`
            : visible.length === rows.length
              ? `${rows.length.toLocaleString('en-US')} entries`
              : `${visible.length.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} entries`}
        </span>
        {paging?.problem != null && (
          <span className="field-error" data-testid="transcript-unreadable" role="status">
            Only the last {shownEntries.length.toLocaleString('en-US')} entries are here: the host could not
            give the earlier ones ({describeError(paging.problem)})
          </span>
        )}
        {run.loading && (
          <span className="muted" data-testid="transcript-loading" role="status">
            loading the rest
            {run.loading.total === undefined ? '' : ` (${run.loading.total.toLocaleString('en-US')} in all)`}…
          </span>
        )}
      </div>
      <TranscriptHeader ref={header} columns={columns} />
      <div
        className="transcript-scroll"
        ref={setScrollElement}
        role="grid"
        aria-label="Transcript"
        aria-rowcount={rowCount}
        tabIndex={0}
        onScroll={(e) => {
          if (header.current) header.current.scrollLeft = e.currentTarget.scrollLeft;
        }}
        onWheel={(e) => e.deltaY < 0 && setFollow(false)}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
          e.preventDefault();
          const nextIndex = Math.max(
            0,
            Math.min(rowCount - 1, selectedIndex + (e.key === 'ArrowDown' ? 1 : -1)),
          );
          if (paging) {
            const entryNumber = paging.filtering ? paging.filtered?.[nextIndex] : nextIndex;
            return entryNumber === undefined ? undefined : showIndex(entryNumber);
          }
          const next = visible[nextIndex];
          if (next) show(next);
        }}
      >
        <div
          style={{
            height: rowWindow.totalSize,
            position: 'relative',
            minWidth: columns.totalWidth,
          }}
        >
          {windowIndexes(rowWindow.start, rowWindow.end).map((index, position) => {
            const row = rowAt(index);
            if (!row)
              return (
                <div
                  key={following ? `at-${position}` : `wait-${index}`}
                  role="row"
                  aria-busy
                  data-testid="transcript-row-placeholder"
                  className="transcript-row placeholder"
                  style={{ height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
                >
                  <span className="muted">#{index} …</span>
                </div>
              );
            const isSelected = row.seq === selectedSeq;
            return (
              <div
                // Following, every batch moves the window by many rows: keyed by their place on
                // screen, the rows' elements are updated in place instead of replaced.
                key={following ? `at-${position}` : row.seq}
                role="row"
                data-testid="transcript-row"
                data-type={row.type}
                data-match={isMatch(row) || undefined}
                aria-selected={isSelected}
                data-diverged={row.callId !== undefined && diverged.has(row.callId) ? 'true' : undefined}
                className={`transcript-row ${row.isEvent ? 'is-event' : ''} ${isSelected ? 'selected' : ''} ${isMatch(row) ? 'match' : ''} ${row.outcome && row.outcome !== 'ok' ? 'has-error' : ''} ${row.type === 'tool_call' && row.callId !== undefined && diverged.has(row.callId) ? 'diverged' : ''} ${row.callId !== undefined && row.callId === selectedCallId ? 'same-call' : ''}`}
                style={{
                  gridTemplateColumns: columns.template,
                  height: rowHeight,
                  transform: `translateY(${index * rowHeight}px)`,
                }}
                onClick={() => {
                  setSelectedSeq(row.seq);
                  setFollow(false);
                  // Again on a second click: another view may have selected another call since.
                  if (row.callId) markCallSelected(row.callId);
                }}
              >
                {COLUMN_IDS.map((id) => (
                  <span
                    key={id}
                    className={`col-${id}${id === 'dir' ? ` dir ${row.direction ?? 'event'}` : ''}`}
                    title={cellTitle(row, id)}
                  >
                    {id === 'note' && row.progress && (
                      <ProgressMeter {...row.progress} label={`${row.tool ?? 'call'} progress`} />
                    )}
                    {cellText(row, id)}
                  </span>
                ))}
                {row.progress?.total ? (
                  // A line under the running call's row that fills as it progresses, wherever the table is scrolled.
                  <span
                    className="row-progress"
                    aria-hidden
                    style={{ width: `${Math.min(100, (100 * row.progress.progress) / row.progress.total)}%` }}
                  />
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
      {selected && (
        <div className="transcript-detail" aria-label="Selected entry">
          <div className="detail-head">
            <strong>
              #{selected.seq} {selected.type}
              {selected.callId && <span className="muted"> · {selected.callId}</span>}
            </strong>
            {selected.callId && selected.type !== 'tool_call' && (
              <button onClick={() => jumpToCall(selected.callId!)}>Jump to call</button>
            )}
            {selected.callId && <RawMcpLink entries={entries} callId={selected.callId} />}
            <SecretRevealToggle reveal={selectedReveal} />
            <button onClick={() => setWideDetail(true)} title="Show this entry in a wide window">
              Open wide
            </button>
            <button onClick={() => void copy(selected.entry, `entry #${selected.seq}`)}>Copy</button>
            <button onClick={() => setSelectedSeq(null)} aria-label="Close details">
              <Icon name="close" />
            </button>
          </div>
          <ValueViewer value={selectedReveal.value} label="Entry JSON" />
        </div>
      )}
      {selected && wideDetail && (
        <Dialog title={`#${selected.seq} ${selected.type}`} wide onClose={() => setWideDetail(false)}>
          <ValueViewer value={selectedReveal.value} label="Entry JSON" />
        </Dialog>
      )}
    </div>
  );
}

const NO_ENTRIES = [] as const;

/** The numbers `start` up to `end`. */
function windowIndexes(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, k) => start + k);
}

/** From a call that went to an MCP server, one click to its raw JSON-RPC request and answer. */
function RawMcpLink({ entries, callId }: { entries: readonly TranscriptEntry[]; callId: string }) {
  const showRequest = useTrafficFocus((s) => s.showRequest);
  const selectTab = useTabStore((s) => s.select);
  const link = entries.find(
    (entry) => entry.kind === 'event' && entry.event.type === 'mcp_request' && entry.event.callId === callId,
  );
  if (link?.kind !== 'event' || link.event.type !== 'mcp_request') return null;
  const { providerName, connection, rpcId } = link.event;
  return (
    <button
      onClick={() => {
        selectTab('left', 'providers');
        showRequest({ providerName, connection, rpcId });
      }}
    >
      Raw MCP request #{String(rpcId)}
    </button>
  );
}
