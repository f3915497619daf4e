import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { JsonTree } from '../components/JsonTree';
import { useCurrentRun, usePlaygroundStore } from '../state/store';
import { Icon } from '../components/Icon';
import { SecretRevealToggle } from '../secrets/SecretRevealToggle';
import { useSecretReveal } from '../secrets/useSecretReveal';
import {
  describeEntries,
  filterRows,
  HOST_EVENT_TYPE,
  type TranscriptRow,
} from '../../shared/view/describeEntries';

const TYPES = ['execute', 'started', 'tool_call', 'tool_result', 'done', 'cancel', HOST_EVENT_TYPE];
const ROW_HEIGHT = 24;

function arrow(row: TranscriptRow): string {
  if (row.isEvent) return '•';
  return row.direction === 'host_to_runner' ? '→ runner' : '← runner';
}

/** Every protocol message and host event of the current run, live, filtered and virtualized. */
export function TranscriptPane() {
  const run = useCurrentRun();
  const notify = usePlaygroundStore((s) => s.notify);
  const reveal = useSecretReveal('the transcript', run?.entries);
  const rows = useMemo(() => describeEntries(reveal.value ?? []), [reveal.value]);
  const [hiddenTypes, setHiddenTypes] = useState<ReadonlySet<string>>(new Set());
  const [provider, setProvider] = useState<string | null>(null);
  const [selection, setSelection] = useState<{ runId: string; seq: number } | null>(null);
  const selectedSeq = selection && selection.runId === run?.runId ? selection.seq : null;
  const setSelectedSeq = (seq: number | null) =>
    setSelection(seq === null || !run ? null : { runId: run.runId, seq });
  const [follow, setFollow] = useState(true);
  const visible = useMemo(() => filterRows(rows, { hiddenTypes, provider }), [rows, hiddenTypes, provider]);
  const providers = useMemo(
    () => [...new Set(rows.flatMap((r) => (r.provider ? [r.provider] : [])))].sort(),
    [rows],
  );
  const selected = rows.find((r) => r.seq === selectedSeq);
  const scroller = useRef<HTMLDivElement>(null);

  // The virtualizer is a mutable object by design; this component does not pass it to memoized children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });

  useEffect(() => {
    if (follow && visible.length > 0) virtualizer.scrollToIndex(visible.length - 1, { align: 'end' });
  }, [follow, visible.length, virtualizer]);

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
    <div className="transcript">
      <div className="transcript-tools">
        <SecretRevealToggle reveal={reveal} />
        <div className="chips" role="group" aria-label="Show message types">
          {TYPES.map((type) => (
            <label key={type} className={`chip ${hiddenTypes.has(type) ? 'off' : ''}`}>
              <input type="checkbox" checked={!hiddenTypes.has(type)} onChange={() => toggleType(type)} />
              {type}
            </label>
          ))}
        </div>
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
        <label className="chip">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} />
          follow
        </label>
        <button
          onClick={() =>
            void copy(
              visible.map((r) => r.entry),
              `${visible.length} entries`,
            )
          }
        >
          Copy as JSON
        </button>
        <span className="muted" data-testid="transcript-count">
          {visible.length === rows.length
            ? `${rows.length} entries`
            : `${visible.length} of ${rows.length} entries`}
        </span>
      </div>
      <div className="transcript-header transcript-row" aria-hidden>
        <span>#</span>
        <span>ms</span>
        <span>direction</span>
        <span>type</span>
        <span>call</span>
        <span>provider.tool</span>
        <span>took</span>
        <span>note</span>
      </div>
      <div
        className="transcript-scroll"
        ref={scroller}
        role="grid"
        aria-label="Transcript"
        aria-rowcount={visible.length}
        tabIndex={0}
        onWheel={(e) => e.deltaY < 0 && setFollow(false)}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
          e.preventDefault();
          const index = visible.findIndex((r) => r.seq === selectedSeq);
          const next =
            visible[Math.max(0, Math.min(visible.length - 1, index + (e.key === 'ArrowDown' ? 1 : -1)))];
          if (next) {
            setSelectedSeq(next.seq);
            setFollow(false);
            virtualizer.scrollToIndex(visible.indexOf(next));
          }
        }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = visible[item.index]!;
            return (
              <div
                key={row.seq}
                role="row"
                data-testid="transcript-row"
                data-type={row.type}
                aria-selected={row.seq === selectedSeq}
                className={`transcript-row ${row.isEvent ? 'is-event' : ''} ${row.seq === selectedSeq ? 'selected' : ''} ${row.note && row.note !== 'ok' && !row.isEvent ? 'has-error' : ''}`}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
                  transform: `translateY(${item.start}px)`,
                }}
                onClick={() => {
                  setSelectedSeq(row.seq);
                  setFollow(false);
                }}
              >
                <span className="num">{row.seq}</span>
                <span className="num">{row.at.toFixed(1)}</span>
                <span
                  className={`dir ${row.direction ?? 'event'}`}
                  title={
                    row.isEvent
                      ? 'host event'
                      : row.direction === 'host_to_runner'
                        ? 'host to runner'
                        : 'runner to host'
                  }
                >
                  {arrow(row)}
                </span>
                <span className="type">{row.type}</span>
                <span className="call">{row.callId ?? ''}</span>
                <span>{row.provider ? `${row.provider}.${row.tool ?? ''}` : ''}</span>
                <span className="num">
                  {row.durationMs !== undefined ? `${row.durationMs.toFixed(1)} ms` : ''}
                </span>
                <span className="note">{row.note}</span>
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
            </strong>
            <button onClick={() => void copy(selected.entry, `entry #${selected.seq}`)}>Copy</button>
            <button onClick={() => setSelectedSeq(null)} aria-label="Close details">
              <Icon name="close" />
            </button>
          </div>
          <JsonTree value={selected.entry} label="Entry JSON" />
        </div>
      )}
    </div>
  );
}
