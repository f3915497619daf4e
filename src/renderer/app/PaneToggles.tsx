import { useState, type RefObject } from 'react';
import type { PanelImperativeHandle } from 'react-resizable-panels';

export interface PaneRefs {
  left: RefObject<PanelImperativeHandle | null>;
  bottom: RefObject<PanelImperativeHandle | null>;
  right: RefObject<PanelImperativeHandle | null>;
}

const PANES = [
  { key: 'left', label: 'Side pane' },
  { key: 'bottom', label: 'Result pane' },
  { key: 'right', label: 'Transcript pane' },
] as const;

/** Hides and brings back the side, result and transcript panes (a collapsed pane keeps its size for later). */
export function PaneToggles({
  panes,
  collapsed,
  presenting,
}: {
  panes: PaneRefs;
  collapsed: Record<keyof PaneRefs, boolean>;
  /** Presenting has no side pane, so no toggle for it. */
  presenting: boolean;
}) {
  // Re-rendered by the App as panels report their sizes; this counter only forces a render on click.
  const [, setClicks] = useState(0);
  return (
    <div className="pane-toggles" role="group" aria-label="Panes">
      {PANES.filter(({ key }) => !presenting || key !== 'left').map(({ key, label }) => (
        <button
          key={key}
          className="link"
          aria-pressed={!collapsed[key]}
          title={collapsed[key] ? `Show the ${label.toLowerCase()}` : `Hide the ${label.toLowerCase()}`}
          onClick={() => {
            const panel = panes[key].current;
            if (!panel) return;
            if (panel.isCollapsed()) panel.expand();
            else panel.collapse();
            setClicks((n) => n + 1);
          }}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
