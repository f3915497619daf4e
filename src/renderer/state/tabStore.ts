import { create } from 'zustand';
import type { PanelArea } from '../app/panels/registry';

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
