import { describe, expect, it } from 'vitest';
import { drawTimeline, type TimelineView } from '../../src/renderer/features/debug/drawTimeline';
import type { TimelineLayout } from '../../src/shared/transcriptTimeline';
import type { TranscriptCall } from '../../src/shared/transcriptCalls';

/** A canvas context that records each text drawn, where, and in which colour (6 px a character). */
function recordingContext() {
  const texts: { text: string; x: number; y: number; color: string; width: number }[] = [];
  const context = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    clearRect() {},
    fillRect() {},
    strokeRect() {},
    beginPath() {},
    moveTo() {},
    lineTo() {},
    stroke() {},
    measureText: (text: string) => ({ width: text.length * 6 }),
    fillText(text: string, x: number, y: number, maxWidth?: number) {
      texts.push({
        text,
        x,
        y,
        color: context.fillStyle,
        width: Math.min(text.length * 6, maxWidth ?? Infinity),
      });
    },
  };
  return { context: context as unknown as CanvasRenderingContext2D, texts };
}

// The dark theme's colours, as the panel reads them from the theme's CSS variables.
const DARK = {
  fg: '#e6e6e6',
  muted: '#a0a4ab',
  ok: '#3fb950',
  error: '#f85149',
  accent: '#58a6ff',
  compute: '#1f2a3a',
  grid: '#30363d',
  open: '#d29922',
  barText: '#0d1117',
};

function layoutOf(calls: number, runEnd: number): TimelineLayout {
  const bars = Array.from({ length: calls }, (_, i) => ({
    call: {
      callId: `c${i}`,
      toolName: 'echo',
      providerName: 'demo',
      marks: [],
      outcome: { ok: true },
    } as unknown as TranscriptCall,
    laneIndex: 0,
    row: 0,
    globalRow: 0,
    start: (i * runEnd) / calls,
    end: ((i + 0.8) * runEnd) / calls,
    open: false,
  }));
  return {
    lanes: [{ providerName: 'demo', rows: 1, firstRow: 0 }],
    bars,
    compute: [],
    runStart: 0,
    runEnd,
    totalRows: 1,
  };
}

function view(width: number, runEnd: number, zoom = 1, pan = 0): TimelineView {
  const labelWidth = 110;
  const scale = ((width - labelWidth - 10) / runEnd) * zoom;
  return {
    width,
    height: 200,
    scale,
    timeOrigin: pan * runEnd * (1 - 1 / zoom),
    scrollRow: 0,
    labelWidth,
    rowHeight: 18,
    colors: DARK,
  };
}

describe('drawTimeline', () => {
  for (const [width, runEnd, zoom, pan] of [
    [600, 1_234_567, 1, 0],
    [320, 98.7, 1, 0],
    [1400, 3_600_000, 8, 1],
    [600, 0.42, 3, 0.5],
  ] as const) {
    it(`keeps every axis label whole inside the canvas and apart (${width} px, ${runEnd} ms, zoom ${zoom})`, () => {
      const { context, texts } = recordingContext();
      drawTimeline(context, layoutOf(50, runEnd), view(width, runEnd, zoom, pan));
      const labels = texts.filter((t) => t.text.endsWith(' ms'));
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) {
        expect(label.x).toBeGreaterThanOrEqual(110);
        expect(label.x + label.width).toBeLessThanOrEqual(width);
        expect(label.y).toBeGreaterThanOrEqual(11);
      }
      for (let i = 1; i < labels.length; i++)
        expect(labels[i]!.x).toBeGreaterThanOrEqual(labels[i - 1]!.x + labels[i - 1]!.width);
    });
  }

  it('draws every text in the theme’s colours: the dark theme’s light text on its dark bars', () => {
    const { context, texts } = recordingContext();
    drawTimeline(context, layoutOf(3, 300), view(900, 300));
    const colorsOf = (kind: (t: (typeof texts)[number]) => boolean) =>
      new Set(texts.filter(kind).map((t) => t.color));
    expect(colorsOf((t) => t.text.endsWith(' ms'))).toEqual(new Set([DARK.muted]));
    expect(colorsOf((t) => t.text === 'demo')).toEqual(new Set([DARK.fg]));
    expect(colorsOf((t) => t.text === 'echo')).toEqual(new Set([DARK.barText]));
  });
});
