import type { ComponentType } from 'react';

/**
 * Where a panel shows: `left` beside Snippets/Providers, `bottom` beside Result under the editor,
 * `right` beside the live Transcript.
 */
export type PanelArea = 'left' | 'bottom' | 'right';

export interface PanelRegistration {
  /** Unique, stable: used for the remembered tab choice. */
  id: string;
  title: string;
  area: PanelArea;
  /** Lower comes first; the built-in panels use 0-9. */
  order?: number;
  component: ComponentType;
}

const panels = new Map<string, PanelRegistration>();
const listeners = new Set<() => void>();
let snapshot: PanelRegistration[] = [];

/**
 * Adds a panel (tab) to the layout; one line from the panel's own file, e.g.
 * `registerPanel({ id: 'timeline', title: 'Timeline', area: 'bottom', component: TimelinePanel })`.
 * Panels read state with `usePlaygroundStore` and call the host with `useApi()`.
 */
export function registerPanel(panel: PanelRegistration): void {
  if (panels.has(panel.id) && panels.get(panel.id)!.component !== panel.component) {
    throw new Error(`a panel with id ${panel.id} is already registered`);
  }
  panels.set(panel.id, panel);
  snapshot = [...panels.values()].sort((a, b) => (a.order ?? 50) - (b.order ?? 50));
  listeners.forEach((listener) => listener());
}

export function listPanels(area: PanelArea): PanelRegistration[] {
  return snapshot.filter((panel) => panel.area === area);
}

export function subscribePanels(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPanelsSnapshot(): PanelRegistration[] {
  return snapshot;
}
