import { formatOffsetMs } from '../../../shared/format';
import type { TimelineLayout } from '../../../shared/transcriptTimeline';

export interface TimelineView {
  /** Outlined: the call selected in any view. */
  selectedCallId?: string | null;
  width: number;
  height: number;
  /** Pixels per millisecond. */
  scale: number;
  /** The run time (ms) drawn at the left edge of the bars area. */
  timeOrigin: number;
  /** First visible row (vertical scroll). */
  scrollRow: number;
  labelWidth: number;
  rowHeight: number;
  colors: {
    fg: string;
    muted: string;
    ok: string;
    error: string;
    accent: string;
    compute: string;
    grid: string;
    open: string;
    /** Text drawn on a bar. */
    barText: string;
  };
}

/** Paints only what is visible: rows in view and bars that intersect the time window. */
export function drawTimeline(
  context: CanvasRenderingContext2D,
  layout: TimelineLayout,
  view: TimelineView,
): void {
  const { width, height, scale, scrollRow, labelWidth, rowHeight, colors, timeOrigin } = view;
  context.clearRect(0, 0, width, height);
  const axisHeight = 18;
  const x = (time: number) => labelWidth + (time - timeOrigin) * scale;
  const visibleRows = Math.ceil((height - axisHeight) / rowHeight) + 1;
  const lastRow = scrollRow + visibleRows;

  context.font = '11px system-ui, sans-serif';
  context.fillStyle = colors.compute;
  for (const span of layout.compute)
    context.fillRect(x(span.start), 0, Math.max(1, (span.end - span.start) * scale), axisHeight - 4);

  context.strokeStyle = colors.grid;
  context.fillStyle = colors.muted;
  // Ticks are in the transcript's own time base (ms since the run started), as the tooltip and the table.
  const visibleSpan = (width - labelWidth) / scale;
  const step = niceStep(visibleSpan / Math.max(1, (width - labelWidth) / 90));
  // Labels stay inside the canvas (the last one moves left of its tick) and never overlap.
  let labelsEnd = labelWidth;
  for (let time = Math.ceil(timeOrigin / step) * step; time <= timeOrigin + visibleSpan; time += step) {
    const px = x(time);
    if (px < labelWidth) continue;
    context.beginPath();
    context.moveTo(px, axisHeight - 4);
    context.lineTo(px, height);
    context.stroke();
    const label = `${step < 1 ? formatOffsetMs(time) : Math.round(time)} ms`;
    const labelWidthPx = context.measureText(label).width;
    const left = Math.min(px + 2, width - labelWidthPx - 2);
    if (left < labelsEnd + 4) continue;
    context.fillText(label, left, axisHeight - 5);
    labelsEnd = left + labelWidthPx;
  }

  for (const lane of layout.lanes) {
    if (lane.firstRow + lane.rows < scrollRow || lane.firstRow > lastRow) continue;
    const top = axisHeight + (lane.firstRow - scrollRow) * rowHeight;
    context.fillStyle = colors.fg;
    context.fillText(lane.providerName, 4, top + rowHeight - 5, labelWidth - 8);
    context.strokeStyle = colors.grid;
    context.beginPath();
    context.moveTo(0, top);
    context.lineTo(width, top);
    context.stroke();
  }

  for (const bar of layout.bars) {
    if (bar.globalRow < scrollRow || bar.globalRow > lastRow) continue;
    const left = x(bar.start);
    const right = Math.max(left + 2, x(bar.end));
    if (right < labelWidth || left > width) continue;
    const top = axisHeight + (bar.globalRow - scrollRow) * rowHeight + 3;
    const outcome = bar.call.outcome;
    context.fillStyle = bar.open ? colors.open : outcome?.ok ? colors.ok : colors.error;
    context.fillRect(Math.max(labelWidth, left), top, right - Math.max(labelWidth, left), rowHeight - 6);
    const shownLeft = Math.max(labelWidth, left);
    if (bar.call.marks.length > 0) {
      context.fillStyle = colors.accent;
      context.fillRect(shownLeft, top, 3, rowHeight - 6);
    }
    if (right - shownLeft > 24) {
      context.fillStyle = colors.barText;
      context.fillText(bar.call.toolName, shownLeft + 5, top + rowHeight - 10, right - shownLeft - 8);
    }
    if (bar.call.callId === view.selectedCallId) {
      context.strokeStyle = colors.fg;
      context.lineWidth = 2;
      context.strokeRect(shownLeft - 1, top - 1, right - shownLeft + 2, rowHeight - 4);
      context.lineWidth = 1;
    }
  }
}

function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-3)));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}
