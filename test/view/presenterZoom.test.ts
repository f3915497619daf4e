import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  DEFAULT_PRESENTER_ZOOM,
  MAX_PRESENTER_ZOOM,
  MIN_PRESENTER_ZOOM,
  stepZoom,
} from '../../src/shared/view/presenterZoom';

describe('presenter zoom', () => {
  it('steps by ten percent and stops at both ends', () => {
    expect(stepZoom(DEFAULT_PRESENTER_ZOOM, 1)).toBe(DEFAULT_PRESENTER_ZOOM + 10);
    expect(stepZoom(DEFAULT_PRESENTER_ZOOM, -1)).toBe(DEFAULT_PRESENTER_ZOOM - 10);
    expect(stepZoom(MAX_PRESENTER_ZOOM, 1)).toBe(MAX_PRESENTER_ZOOM);
    expect(stepZoom(MIN_PRESENTER_ZOOM, -1)).toBe(MIN_PRESENTER_ZOOM);
    expect(stepZoom(170, 0)).toBe(DEFAULT_PRESENTER_ZOOM);
  });

  it('turns a hand-edited or broken saved value into a usable one', () => {
    expect(clampZoom(Number('not a number'))).toBe(DEFAULT_PRESENTER_ZOOM);
    expect(clampZoom(Infinity)).toBe(DEFAULT_PRESENTER_ZOOM);
    expect(clampZoom(-50)).toBe(MIN_PRESENTER_ZOOM);
    expect(clampZoom(10_000)).toBe(MAX_PRESENTER_ZOOM);
    expect(clampZoom(143)).toBe(140);
    expect(stepZoom(143, 1)).toBe(150);
  });
});
