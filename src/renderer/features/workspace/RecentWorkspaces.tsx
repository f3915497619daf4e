import { useEffect, useState } from 'react';
import type { RecentWorkspace } from '../../../shared/api/workspace';
import { describeError } from '../../state/describeError';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';

/** Workspaces opened before, newest first: one click opens one; a gone file can be forgotten. */
export function RecentWorkspaces({ onOpened }: { onOpened(): void }) {
  const api = useApi();
  const current = usePlaygroundStore((s) => s.workspace?.path);
  // The open workspace's own entry follows a rename or a new colour.
  const identity = usePlaygroundStore((s) => `${s.workspace?.name}\u0000${s.workspace?.color}`);
  const notify = usePlaygroundStore((s) => s.notify);
  const [recent, setRecent] = useState<RecentWorkspace[] | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    api.workspace.recent().then(
      (list) => live && setRecent(list),
      (error: unknown) => notify('error', `Could not list recent workspaces: ${describeError(error)}`),
    );
    return () => {
      live = false;
    };
  }, [api, notify, version, identity]);

  if (!recent || recent.length === 0) return null;
  return (
    <section aria-label="Recent workspaces" className="recent-workspaces">
      <h3>Recent</h3>
      <ul>
        {recent.map((item) => (
          <li key={item.path} data-testid="recent-workspace">
            <span className="workspace-swatch" style={{ background: item.color ?? 'transparent' }} />
            <button
              className="link"
              disabled={!item.exists || item.path === current}
              title={item.path}
              onClick={() =>
                api.workspace
                  .open(item.path)
                  .then(onOpened, (error: unknown) =>
                    notify('error', `Could not open ${item.path}: ${describeError(error)}`),
                  )
              }
            >
              {item.name}
            </button>
            <code className="muted">{item.path}</code>
            {item.path === current && <span className="badge">open</span>}
            {!item.exists && <span className="badge">file gone</span>}
            {item.path !== current && (
              <button
                className="link"
                onClick={() =>
                  void api.workspace.forgetRecent(item.path).then(() => setVersion((n) => n + 1))
                }
              >
                forget
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
