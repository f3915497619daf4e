import type { ComponentType } from 'react';
import { create } from 'zustand';

/**
 * Where a panel shows: `left` beside Snippets/Providers, `bottom` beside Result under the editor,
 * `right` beside the live Transcript.
 */
export type PanelArea = 'left' | 'bottom' | 'right';

/** A panel (tab) of the layout: features export one from a `*.panel.ts` file; the shell registers it. */
export interface PanelRegistration {
  /** Unique, stable: used for the remembered tab choice. */
  id: string;
  title: string;
  area: PanelArea;
  /** Lower comes first; the built-in panels use 0-9. */
  order?: number;
  component: ComponentType;
}

const KEY = 'execbox.tabs';

function load(): Partial<Record<PanelArea, string>> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Record<PanelArea, string>>;
  } catch {
    return {};
  }
}

interface TabState {
  chosen: Partial<Record<PanelArea, string>>;
  /** Shows a panel's tab; any code may call it (e.g. a debugger showing the paused call). */
  select(area: PanelArea, id: string): void;
}

/** The chosen tab of each area, remembered across reloads. */
export const useTabStore = create<TabState>()((set) => ({
  chosen: load(),
  select: (area, id) =>
    set((state) => {
      const chosen = { ...state.chosen, [area]: id };
      localStorage.setItem(KEY, JSON.stringify(chosen));
      return { chosen };
    }),
}));
