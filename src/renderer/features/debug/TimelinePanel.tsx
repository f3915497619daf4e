import { useEffect, useMemo, useRef, useState } from 'react';
import {
  findTimelineBar,
  layoutTimeline,
  type TimelineBar,
  type TimelineLayout,
} from '../../../shared/transcriptTimeline';
import { formatCount, formatDuration, formatOffsetMs, plural } from '../../../shared/format';
import { useDebugStore } from '../../state/debugStore';
import { drawTimeline, type TimelineView } from './drawTimeline';
import { useDebugSync } from '../../state/useDebugSync';
import { selectCall, useTranscriptChoice, useViewedTranscript } from '../../state/viewedTranscript';
import { TranscriptPicker } from '../../ui/TranscriptPicker';
import type { TranscriptEntry } from '../../../shared/transcript';
import { SecretRevealToggle } from '../../ui/SecretRevealToggle';
import { useDisplaySettings } from '../../ui/display/displaySettings';
import { useSecretReveal } from '../../state/useSecretReveal';
import { useHostTimeline } from './useHostTimeline';

const NO_ENTRIES: TranscriptEntry[] = [];
const NO_LAYOUT: TimelineLayout = { lanes: [], bars: [], compute: [], runStart: 0, runEnd: 0, totalRows: 0 };
/** From this many entries on, a run's (going or finished) or an opened file's timeline is laid out by the host. */
const HOST_LAYOUT_ENTRIES = 2_000;

const ROW_HEIGHT = 18;
const LABEL_WIDTH = 110;
const AXIS_HEIGHT = 18;
const TOOLTIP_WIDTH = 280;

function cssColor(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/** A run as lanes of tool-call bars on a canvas (one lane per provider), with hover details. */
export function TimelinePanel() {
  useDebugSync();
  const viewed = useViewedTranscript();
  const transcriptChoice = useTranscriptChoice();
  const selectedCallId = useDebugStore((s) => s.selectedCallId);
  const held = viewed?.entries ?? NO_ENTRIES;
  const firstIndex = viewed?.firstIndex ?? 0;
  // A state, not a ref: the canvas's box first mounts after a loading message, and is measured then.
  const [wrapper, setWrapper] = useState<HTMLDivElement | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 600, height: 200 });
  const [zoom, setZoom] = useState(1);
  /** Fraction (0-1) of the run scrolled past on the left when zoomed in. */
  const [pan, setPan] = useState(0);
  /** The run's length when the person last zoomed or panned: a zoomed window stays put as a live run grows. */
  const [zoomBasis, setZoomBasis] = useState<{ key: string; duration: number } | null>(null);
  const key = viewed?.key ?? '';
  const live = viewed?.live === true;
  // A long transcript is laid out on the host for what is on screen (a live run as far as it has
  // got, again as it goes on): the page never holds it whole.
  const entryCount = viewed?.loading?.total ?? firstIndex + held.length;
  const hostSource = entryCount >= HOST_LAYOUT_ENTRIES ? viewed?.hostSource : undefined;
  const basis = zoom > 1 && zoomBasis?.key === key ? zoomBasis.duration : undefined;
  const host = useHostTimeline(
    hostSource,
    key,
    { zoom, pan, width: size.width - LABEL_WIDTH - 10, ...(basis !== undefined ? { duration: basis } : {}) },
    live,
  );
  // Laid out in the page: a short transcript, held whole; or, when the host no longer has the run, its held tail.
  const local = !hostSource || host.failed;
  const localLayout = useMemo(() => (local ? layoutTimeline(held) : null), [local, held]);
  const reveal = useSecretReveal<TimelineLayout>('the timeline', localLayout ?? host.timeline ?? NO_LAYOUT);
  const layout = reveal.value;
  const callCount = host.timeline && !local ? host.timeline.callCount : layout.bars.length;
  const [scrollRow, setScrollRow] = useState(0);
  const [hover, setHover] = useState<{ bar: TimelineBar; x: number; y: number } | null>(null);

  useEffect(() => {
    if (!wrapper) return;
    const observer = new ResizeObserver(() =>
      setSize({ width: wrapper.clientWidth, height: wrapper.clientHeight }),
    );
    observer.observe(wrapper);
    return () => observer.disconnect();
  }, [wrapper]);

  const runDuration = Math.max(1, layout.runEnd - layout.runStart);
  const duration = basis ?? runDuration;
  const zoomTo = (value: number) => {
    setZoom(value);
    setZoomBasis({ key, duration: runDuration });
  };
  const panTo = (value: number) => {
    setPan(value);
    setZoomBasis({ key, duration: runDuration });
  };
  // Zoomed in on another transcript (a new run): its window stays put from its first layout on.
  if (zoom > 1 && zoomBasis?.key !== key && layout.runEnd > layout.runStart)
    setZoomBasis({ key, duration: runDuration });
  const scale = ((size.width - LABEL_WIDTH - 10) / duration) * zoom;
  const timeOrigin = layout.runStart + pan * duration * (1 - 1 / zoom);

  // The colours come from the theme's CSS variables: a theme switch (or the system's) draws again.
  const { theme } = useDisplaySettings();
  const [systemDark, setSystemDark] = useState(() => matchMedia('(prefers-color-scheme: dark)').matches);
  useEffect(() => {
    const query = matchMedia('(prefers-color-scheme: dark)');
    const follow = () => setSystemDark(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = size.width * ratio;
    element.height = size.height * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const view: TimelineView = {
      selectedCallId,
      width: size.width,
      height: size.height,
      scale,
      timeOrigin,
      scrollRow,
      labelWidth: LABEL_WIDTH,
      rowHeight: ROW_HEIGHT,
      colors: {
        fg: cssColor(element, '--fg', '#222'),
        muted: cssColor(element, '--fg-muted', '#667'),
        ok: cssColor(element, '--ok', '#1a7f37'),
        error: cssColor(element, '--error', '#cf222e'),
        accent: cssColor(element, '--accent', '#2f6feb'),
        compute: cssColor(element, '--selected', '#dbe7ff'),
        grid: cssColor(element, '--border', '#ddd'),
        open: cssColor(element, '--warn', '#9a6700'),
        barText: cssColor(element, '--bg', '#fff'),
      },
    };
    drawTimeline(context, layout, view);
  }, [layout, size, scale, scrollRow, timeOrigin, selectedCallId, theme, systemDark]);

  if (held.length === 0 && entryCount === 0)
    return (
      <div className="pane-empty">Run something: each tool call appears as a bar in its provider’s lane.</div>
    );
  if (!local && !host.timeline)
    return (
      <div className="pane-empty" role="status" data-testid="timeline-loading">
        Laying out {plural(entryCount, 'entry', 'entries')} on the host…
      </div>
    );

  const barAt = (event: React.MouseEvent) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const px = event.clientX - rect.left;
    const py = event.clientY - rect.top;
    const time = timeOrigin + (px - LABEL_WIDTH) / scale;
    const row = Math.floor((py - AXIS_HEIGHT) / ROW_HEIGHT) + scrollRow;
    const bar = px > LABEL_WIDTH ? findTimelineBar(layout, time, row, 2 / scale) : undefined;
    return { bar, px, py };
  };
  const pointAt = (event: React.MouseEvent) => {
    const { bar, px, py } = barAt(event);
    setHover(bar ? { bar, x: px, y: py } : null);
  };
  // The tooltip stays inside the panel: left of the pointer near the right edge, above it near the bottom.
  const tooltipStyle = (x: number, y: number): React.CSSProperties => ({
    left: Math.max(4, Math.min(x + 12, size.width - TOOLTIP_WIDTH - 4)),
    maxWidth: TOOLTIP_WIDTH,
    ...(y > size.height / 2 ? { bottom: Math.max(4, size.height - y + 12) } : { top: y + 12 }),
  });

  return (
    <div
      className="debug-panel timeline-panel"
      // Entries of the transcript the page holds: its tail, whatever the timeline shows.
      data-entries-held={held.length}
    >
      <div className="timeline-controls">
        {transcriptChoice && <TranscriptPicker {...transcriptChoice} />}
        <label>
          Zoom
          <input
            type="range"
            min={1}
            max={50}
            step={0.5}
            value={zoom}
            onChange={(e) => zoomTo(Number(e.target.value))}
          />
        </label>
        {zoom > 1 && (
          <label>
            Pan
            <input
              type="range"
              min={0}
              max={1}
              step={0.01}
              value={pan}
              onChange={(e) => panTo(Number(e.target.value))}
            />
          </label>
        )}
        <span className="muted" data-testid="timeline-summary">
          {plural(callCount, 'call')} · {plural(layout.lanes.length, 'provider')} ·{' '}
          {formatDuration(runDuration)} · shaded: guest compute · click a bar to select its call
        </span>
        {hostSource && host.failed && (
          <span className="muted">
            the host could not lay it out: shown from the {formatCount(held.length)} latest entries the page
            holds
          </span>
        )}
        {live && (
          <span className="muted" data-testid="timeline-live">
            live, {formatCount(entryCount)} entries so far
          </span>
        )}
        <SecretRevealToggle reveal={reveal} />
      </div>
      <div
        className="timeline-canvas-wrap"
        ref={setWrapper}
        onWheel={(event) => {
          if (event.shiftKey) {
            if (zoom > 1) panTo(Math.max(0, Math.min(1, pan + Math.sign(event.deltaY) * 0.05)));
            return;
          }
          if (layout.totalRows * ROW_HEIGHT < size.height) return;
          const maxRow = Math.max(0, layout.totalRows - Math.floor((size.height - AXIS_HEIGHT) / ROW_HEIGHT));
          setScrollRow((row) => Math.max(0, Math.min(maxRow, row + Math.sign(event.deltaY) * 3)));
        }}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Timeline of ${callCount} tool calls`}
          data-testid="timeline-canvas"
          data-bars-held={layout.bars.length}
          onMouseMove={pointAt}
          onMouseLeave={() => setHover(null)}
          onClick={(event) => {
            const { bar } = barAt(event);
            if (bar) selectCall(bar.call.callId);
          }}
          style={{ width: size.width, height: size.height, cursor: hover ? 'pointer' : 'default' }}
        />
        {hover && (
          <div
            className="timeline-tooltip"
            style={tooltipStyle(hover.x, hover.y)}
            role="tooltip"
            data-testid="timeline-tooltip"
          >
            <strong>
              {hover.bar.call.providerName}.{hover.bar.call.toolName}
            </strong>{' '}
            <span className="muted">{hover.bar.call.callId}</span>
            {'calls' in hover.bar && (hover.bar.calls as number) > 1 && (
              <div>
                the first of {plural(hover.bar.calls as number, 'call')} starting here: zoom in to see each
              </div>
            )}
            <div>
              {formatOffsetMs(hover.bar.start)} →{' '}
              {hover.bar.open ? 'no answer' : `${formatOffsetMs(hover.bar.end)} ms`} (
              {formatDuration(hover.bar.end - hover.bar.start)})
            </div>
            <div className="tooltip-json">input: {JSON.stringify(hover.bar.call.input) ?? 'none'}</div>
            {hover.bar.call.outcome && (
              <div className="tooltip-json">
                {hover.bar.call.outcome.ok
                  ? `result: ${JSON.stringify(hover.bar.call.outcome.result) ?? 'undefined'}`
                  : `error: ${hover.bar.call.outcome.error.code}: ${hover.bar.call.outcome.error.message}`}
              </div>
            )}
            {hover.bar.call.marks.length > 0 && (
              <div>{hover.bar.call.marks.join(', ').replace(/_/g, ' ')}</div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
