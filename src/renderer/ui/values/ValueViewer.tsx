import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  containerKind,
  flattenValue,
  initialExpansion,
  PAGE_SIZE,
  previewValue,
  propertyName,
  scalarText,
  sizeOf,
  STRING_CLIP,
  type ValueRow,
} from '../../../shared/view/flattenValue';
import { ValueActions } from './ValueActions';
import './values.css';
import { RawValue } from './RawValue';

const ROW_HEIGHT = 20;

interface ValueViewerProps {
  value: unknown;
  /** Names the value for screen readers and file names ("Result value"). */
  label: string;
}

/**
 * Every value in the app: a virtualized tree where only the rows on screen exist in the DOM, large
 * containers open collapsed or paged, long strings are clipped with their length, and a raw view
 * shows a bounded prefix of the JSON with "copy all" and "save to file".
 */
export function ValueViewer({ value, label }: ValueViewerProps) {
  const [mode, setMode] = useState<'tree' | 'raw'>('tree');
  if (!containerKind(value)) return <ScalarValue value={value} label={label} />;
  return (
    <div className="value-viewer" data-testid="value-viewer">
      <div className="value-toolbar">
        <span className="muted">{describeContainer(value)}</span>
        <div className="value-mode" role="group" aria-label={`${label} view`}>
          <button aria-pressed={mode === 'tree'} onClick={() => setMode('tree')}>
            Tree
          </button>
          <button aria-pressed={mode === 'raw'} onClick={() => setMode('raw')}>
            Raw
          </button>
        </div>
        <ValueActions value={value} label={label} />
      </div>
      {mode === 'tree' ? <ValueTree value={value} label={label} /> : <RawValue value={value} />}
    </div>
  );
}

function describeContainer(value: unknown): string {
  const size = sizeOf(value);
  return Array.isArray(value)
    ? `Array of ${size.toLocaleString('en-US')} item${size === 1 ? '' : 's'}`
    : `Object with ${size.toLocaleString('en-US')} key${size === 1 ? '' : 's'}`;
}

function ScalarValue({ value, label }: ValueViewerProps) {
  const clipped = typeof value === 'string' && value.length > STRING_CLIP;
  if (!clipped) return <code className="json-scalar">{scalarText(value)}</code>;
  return (
    <div className="value-viewer">
      <div className="value-toolbar">
        <span className="muted">String of {(value as string).length.toLocaleString('en-US')} characters</span>
        <ValueActions value={value} label={label} />
      </div>
      <code className="json-scalar value-clipped">{scalarText(value, 2000)}</code>
    </div>
  );
}

function ValueTree({ value, label }: ValueViewerProps) {
  const [state, setState] = useState(() => ({ value, expansion: initialExpansion(value) }));
  // A new value (the next run's result) starts from its own initial expansion.
  const expansion = state.value === value ? state.expansion : initialExpansion(value);
  if (state.value !== value) setState({ value, expansion });
  const rows = useMemo(() => flattenValue(value, expansion), [value, expansion]);
  const [active, setActive] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);

  // The virtualizer is a mutable object by design; this component does not pass it to memoized children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  const update = (change: (next: Map<string, number>) => void) => {
    const next = new Map(expansion);
    change(next);
    setState({ value, expansion: next });
  };
  const toggle = (row: ValueRow) => {
    if (row.kind === 'more') return update((next) => next.set(row.parentId, row.shown + PAGE_SIZE));
    if (!row.container) return;
    update((next) => (row.expanded ? next.delete(row.id) : next.set(row.id, PAGE_SIZE)));
  };
  const showAll = (row: Extract<ValueRow, { kind: 'more' }>) =>
    update((next) => next.set(row.parentId, row.total));

  const activeIndex = Math.min(active, rows.length - 1);
  const moveTo = (index: number) => {
    const clamped = Math.max(0, Math.min(rows.length - 1, index));
    setActive(clamped);
    virtualizer.scrollToIndex(clamped);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const row = rows[activeIndex];
    if (!row) return;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        moveTo(activeIndex - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'PageDown':
        moveTo(activeIndex + 20);
        break;
      case 'PageUp':
        moveTo(activeIndex - 20);
        break;
      case 'ArrowRight':
        if (row.kind === 'value' && row.container && !row.expanded) toggle(row);
        else moveTo(activeIndex + 1);
        break;
      case 'ArrowLeft':
        if (row.kind === 'value' && row.expanded) toggle(row);
        else moveTo(parentIndex(rows, activeIndex));
        break;
      case 'Enter':
      case ' ':
        toggle(row);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div
      className="value-tree"
      ref={scroller}
      role="tree"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      style={{ height: rows.length * ROW_HEIGHT + 2 }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={row.id}
              role="treeitem"
              aria-level={row.depth + 1}
              aria-expanded={row.kind === 'value' && row.container ? row.expanded : undefined}
              aria-selected={item.index === activeIndex}
              data-testid="value-row"
              className={`value-row ${item.index === activeIndex ? 'active' : ''}`}
              style={{
                transform: `translateY(${item.start}px)`,
                height: ROW_HEIGHT,
                paddingLeft: 4 + row.depth * 14,
              }}
              onClick={() => {
                setActive(item.index);
                toggle(row);
              }}
            >
              {row.kind === 'more' ? (
                <MoreRow row={row} onShowAll={() => showAll(row)} />
              ) : (
                <ValueLine row={row} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function parentIndex(rows: readonly ValueRow[], index: number): number {
  const depth = rows[index]!.depth;
  for (let i = index - 1; i >= 0; i--) if (rows[i]!.depth < depth) return i;
  return index;
}

function ValueLine({ row }: { row: Extract<ValueRow, { kind: 'value' }> }) {
  const label =
    row.label === undefined ? null : (
      <span className={typeof row.label === 'number' ? 'value-index' : 'value-key'}>
        {typeof row.label === 'number' ? row.label : propertyName(row.label)}:{' '}
      </span>
    );
  if (!row.container) {
    const text = scalarText(row.value);
    const clipped = typeof row.value === 'string' && row.value.length > STRING_CLIP;
    return (
      <>
        <span className="value-toggle" />
        {label}
        <span className={`value-${row.value === null ? 'null' : typeof row.value}`}>{text}</span>
        {clipped && (
          <span className="muted value-length">
            {' '}
            ({(row.value as string).length.toLocaleString('en-US')} characters)
          </span>
        )}
      </>
    );
  }
  const size = row.size.toLocaleString('en-US');
  return (
    <>
      <span className="value-toggle" aria-hidden>
        {row.size === 0 ? '' : row.expanded ? '▾' : '▸'}
      </span>
      {label}
      <span className="value-kind">{row.container === 'array' ? `Array(${size})` : `Object(${size})`}</span>
      {!row.expanded && row.size > 0 && <span className="value-preview"> {previewValue(row.value)}</span>}
    </>
  );
}

function MoreRow({ row, onShowAll }: { row: Extract<ValueRow, { kind: 'more' }>; onShowAll(): void }) {
  const rest = row.total - row.shown;
  return (
    <span className="value-more">
      <span className="value-toggle" />
      <button tabIndex={-1}>
        Show {Math.min(PAGE_SIZE, rest).toLocaleString('en-US')} more ({rest.toLocaleString('en-US')} not
        shown)
      </button>{' '}
      <button
        tabIndex={-1}
        onClick={(event) => {
          event.stopPropagation();
          onShowAll();
        }}
      >
        Show all
      </button>
    </span>
  );
}
