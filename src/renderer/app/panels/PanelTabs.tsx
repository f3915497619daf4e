import { useSyncExternalStore } from 'react';
import { useTabStore, type PanelArea } from '../../state/tabStore';
import { getPanelsSnapshot, subscribePanels } from './registry';

/** The tabs of one layout area: every registered panel for it; remembers the chosen tab. */
export function PanelTabs({ area, label }: { area: PanelArea; label: string }) {
  const all = useSyncExternalStore(subscribePanels, getPanelsSnapshot);
  const chosen = useTabStore((s) => s.chosen[area]);
  const select = useTabStore((s) => s.select);
  const panels = all.filter((p) => p.area === area);
  const active = panels.find((p) => p.id === chosen) ?? panels[0];
  if (!active) return null;
  const Active = active.component;
  return (
    <div className="panel-tabs">
      <div className="tabs" role="tablist" aria-label={label}>
        {panels.map((panel) => (
          <button
            key={panel.id}
            role="tab"
            id={`tab-${panel.id}`}
            aria-selected={panel.id === active.id}
            aria-controls={`panel-${panel.id}`}
            className={panel.id === active.id ? 'tab active' : 'tab'}
            onClick={() => select(area, panel.id)}
          >
            {panel.title}
          </button>
        ))}
      </div>
      <div
        className="tab-body"
        role="tabpanel"
        id={`panel-${active.id}`}
        aria-labelledby={`tab-${active.id}`}
      >
        <Active />
      </div>
    </div>
  );
}
