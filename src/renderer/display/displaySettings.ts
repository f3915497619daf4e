import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';

const THEME_KEY = 'execbox.theme';
const THEMES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

interface DisplaySettings {
  theme: ThemeChoice;
  /** Larger type and no workspace pane, for showing the app to a room. Not remembered across reloads. */
  presenting: boolean;
}

function readTheme(): ThemeChoice {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    return THEMES.includes(saved as ThemeChoice) ? (saved as ThemeChoice) : 'system';
  } catch {
    return 'system';
  }
}

let settings: DisplaySettings = { theme: readTheme(), presenting: false };
const listeners = new Set<() => void>();

function update(patch: Partial<DisplaySettings>): void {
  settings = { ...settings, ...patch };
  listeners.forEach((listener) => listener());
}

export function setTheme(theme: ThemeChoice): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage can be off (private windows); the choice then lasts until reload.
  }
  update({ theme });
}

export function togglePresenting(): void {
  update({ presenting: !settings.presenting });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDisplaySettings(): DisplaySettings {
  return useSyncExternalStore(subscribe, () => settings);
}
