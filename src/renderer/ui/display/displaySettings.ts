import { useSyncExternalStore } from 'react';
import { clampZoom, DEFAULT_PRESENTER_ZOOM, stepZoom } from '../../../shared/view/presenterZoom';

export type ThemeChoice = 'system' | 'light' | 'dark';

const THEME_KEY = 'execbox.theme';
const ZOOM_KEY = 'execbox.presenterZoom';
const THEMES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

interface DisplaySettings {
  theme: ThemeChoice;
  /** Larger type and no workspace pane, for showing the app to a room. Not remembered across reloads. */
  presenting: boolean;
  /** Presenter mode's zoom in percent; remembered, so the next talk starts at the size the room needed. */
  zoom: number;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage can be off (private windows); the choice then lasts until reload.
  }
}

function readTheme(): ThemeChoice {
  const saved = read(THEME_KEY);
  return THEMES.includes(saved as ThemeChoice) ? (saved as ThemeChoice) : 'system';
}

let settings: DisplaySettings = {
  theme: readTheme(),
  presenting: false,
  zoom: clampZoom(Number(read(ZOOM_KEY) ?? DEFAULT_PRESENTER_ZOOM)),
};
const listeners = new Set<() => void>();

function update(patch: Partial<DisplaySettings>): void {
  settings = { ...settings, ...patch };
  listeners.forEach((listener) => listener());
}

export function setTheme(theme: ThemeChoice): void {
  write(THEME_KEY, theme);
  update({ theme });
}

export function togglePresenting(): void {
  update({ presenting: !settings.presenting });
}

export function isPresenting(): boolean {
  return settings.presenting;
}

/** Zooms presenter mode in (+1), out (-1) or back to its default (0). */
export function zoomPresenter(direction: 1 | -1 | 0): void {
  const zoom = stepZoom(settings.zoom, direction);
  write(ZOOM_KEY, String(zoom));
  update({ zoom });
}

/** How much larger than normal everything is drawn: 1 unless presenting. */
export function uiScale(current: DisplaySettings): number {
  return current.presenting ? current.zoom / 100 : 1;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDisplaySettings(): DisplaySettings {
  return useSyncExternalStore(subscribe, () => settings);
}

/** The current scale, for components that size things in pixels (panel minimums, row heights, the editor font). */
export function useUiScale(): number {
  return uiScale(useDisplaySettings());
}
