import type { PanelArea, PanelRegistration } from '../../state/tabStore';

const panels = new Map<string, PanelRegistration>();
const listeners = new Set<() => void>();
let snapshot: PanelRegistration[] = [];

/**
 * Adds a panel (tab) to the layout, e.g.
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
