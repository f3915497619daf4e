import type { TimelineLayout } from '../../shared/transcriptTimeline';

export interface TimelineView {
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
  const duration = Math.max(1, layout.runEnd - layout.runStart);
  const step = niceStep(duration / Math.max(1, (width - labelWidth) / 90));
  for (let time = 0; time <= duration; time += step) {
    const px = x(layout.runStart + time);
    if (px < labelWidth) continue;
    context.beginPath();
    context.moveTo(px, axisHeight - 4);
    context.lineTo(px, height);
    context.stroke();
    context.fillText(`${Math.round(time)} ms`, px + 2, axisHeight - 6);
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
    if (bar.call.marks.length > 0) {
      context.fillStyle = colors.accent;
      context.fillRect(Math.max(labelWidth, left), top, 3, rowHeight - 6);
    }
  }
}

function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-3)));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}
