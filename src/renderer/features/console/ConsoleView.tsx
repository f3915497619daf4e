import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { CONSOLE_LEVELS, type ConsoleLevel } from '../../../shared/protocol/logStreamMessage';
import { useCurrentRun } from '../../state/store';
import { consoleModelFor, type ConsoleModel } from './consoleModel';
import { useEarlierConsoleLines } from './useEarlierConsoleLines';
import { SearchBox } from '../../ui/SearchBox';
import { useLineSearch } from '../../ui/useLineSearch';
import './console.css';

const ROW_HEIGHT = 20;
const NO_ENTRIES = [] as const;

/** Guest console output of the current run, live, with level filters and what the caps dropped. */
export function ConsoleView() {
  const run = useCurrentRun();
  const entries = run?.entries ?? NO_ENTRIES;
  const runId = run?.runId ?? '';
  const result = run?.result;
  const firstIndex = run?.firstIndex ?? 0;
  const [earlierAdded, setEarlierAdded] = useState(0);
  const model = useMemo(
    () => consoleModelFor(runId, entries, result, firstIndex),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- earlierAdded: the model took earlier lines
    [runId, entries, result, firstIndex, earlierAdded],
  );
  useEarlierConsoleLines(runId, model, () => setEarlierAdded((n) => n + 1));
  const [hidden, setHidden] = useState<ReadonlySet<ConsoleLevel>>(new Set());
  const rows = useMemo(
    () => (hidden.size === 0 ? model.rows : model.rows.filter((row) => !hidden.has(row.level))),
    [model.rows, hidden],
  );
  const search = useLineSearch(rows);
  const [onlyMatches, setOnlyMatches] = useState(false);
  const shownRows = useMemo(
    () => (onlyMatches && search.searching ? search.matches.map((index) => rows[index]!) : rows),
    [onlyMatches, search.searching, search.matches, rows],
  );
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer is a mutable object by design; this component does not pass it to memoized children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shownRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  if (!run) return <div className="pane-empty">What your program logs with console.* appears here.</div>;
  const toggle = (level: ConsoleLevel) =>
    setHidden((old) => {
      const next = new Set(old);
      if (next.has(level)) next.delete(level);
      else next.add(level);
      return next;
    });

  return (
    <div className="console" data-testid="console">
      <div className="console-tools">
        <div className="chips" role="group" aria-label="Show console levels">
          {CONSOLE_LEVELS.map((level) => (
            <label key={level} className={`chip level-${level} ${hidden.has(level) ? 'off' : ''}`}>
              <input type="checkbox" checked={!hidden.has(level)} onChange={() => toggle(level)} />
              {level} ({model.counts[level].toLocaleString('en-US')})
            </label>
          ))}
        </div>
        <SearchBox
          label="Search the console"
          search={search}
          onStepped={(line) =>
            virtualizer.scrollToIndex(onlyMatches ? search.matches.indexOf(line) : line, { align: 'center' })
          }
        />
        <label className="chip">
          <input type="checkbox" checked={onlyMatches} onChange={(e) => setOnlyMatches(e.target.checked)} />
          only matching lines
        </label>
        <span className="muted">
          {!result
            ? 'live'
            : model.streamed
              ? ''
              : 'from the final result (this runner sends no live output)'}
        </span>
      </div>
      <DroppedNotice model={model} />
      {shownRows.length === 0 ? (
        <div className="muted console-empty">
          {model.rows.length === 0
            ? result
              ? 'Nothing was logged.'
              : 'Nothing logged yet.'
            : rows.length === 0
              ? 'No lines at the levels shown.'
              : 'No lines match the search.'}
        </div>
      ) : (
        <div className="console-scroll" ref={scroller} role="log" aria-label="Console output" tabIndex={0}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = shownRows[item.index]!;
              const position = onlyMatches && search.searching ? search.matches[item.index]! : item.index;
              const match = search.matchSet.has(position);
              return (
                <div
                  key={item.index}
                  className={`console-row level-${row.level} ${match ? 'match' : ''} ${position === search.currentLine ? 'current-match' : ''}`}
                  data-testid="console-line"
                  data-level={row.level}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                  title={row.text.length > 200 ? `${row.text.slice(0, 2000)}…` : row.text}
                >
                  <span className="console-at">{row.at.toFixed(1)}</span>
                  <span className="console-level">{row.level}</span>
                  <span className="console-text">{row.text.slice(0, 2000)}</span>
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}

const LEVEL_NOUNS = { error: 'error', warn: 'warning', info: 'info line' } as const;

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

/** Says how much the log caps dropped (exactly with the log stream, roughly without it). */
export function DroppedNotice({ model }: { model: ConsoleModel }) {
  const { dropped, limits } = model;
  const caps = limits
    ? ` (limits: ${limits.maxLogLines.toLocaleString('en-US')} lines, ${limits.maxLogChars.toLocaleString('en-US')} characters; raise them in the run bar)`
    : '';
  if (dropped) {
    const levels = (['error', 'warn', 'info'] as const)
      .filter((level) => (dropped.byLevel[level] ?? 0) > 0)
      .map((level) => plural(dropped.byLevel[level]!, LEVEL_NOUNS[level]));
    return (
      <div className="banner warn console-dropped" role="status" data-testid="logs-dropped">
        {dropped.lines.toLocaleString('en-US')} line{dropped.lines === 1 ? '' : 's'} and{' '}
        {dropped.chars.toLocaleString('en-US')} character{dropped.chars === 1 ? '' : 's'} were dropped
        {levels.length > 0 ? `, among them ${levels.join(' and ')}` : ''}
        {caps}.
      </div>
    );
  }
  if (model.capped) {
    return (
      <div className="banner warn console-dropped" role="status" data-testid="logs-dropped">
        The logs reached their limit; anything logged after that was dropped{caps}.
      </div>
    );
  }
  return null;
}
