import { useEffect, useState } from 'react';
import type { DeletedSnippet } from '../../../shared/api/workspace';
import { describeError } from '../../state/describeError';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';

/** Snippets deleted in this workspace, newest first, each one click from coming back. */
export function DeletedSnippets() {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const count = usePlaygroundStore((s) => s.workspace?.snippets.length);
  const [deleted, setDeleted] = useState<DeletedSnippet[]>([]);

  useEffect(() => {
    let live = true;
    api.workspace.deletedSnippets().then(
      (list) => live && setDeleted(list),
      () => undefined, // an older host without history: nothing to offer
    );
    return () => {
      live = false;
    };
  }, [api, count]);

  if (deleted.length === 0) return null;
  return (
    <details className="deleted-snippets">
      <summary>Deleted ({deleted.length})</summary>
      <ul aria-label="Deleted snippets">
        {deleted.map((item) => (
          <li key={item.id}>
            <span title={`deleted ${new Date(item.deletedAt).toLocaleString()}`}>{item.name}</span>
            <button
              className="link"
              onClick={() =>
                void api.workspace.restoreDeletedSnippet(item.id).then(
                  (snippet) => api.workspace.setActiveSnippet(snippet.id),
                  (error: unknown) =>
                    notify('error', `Could not restore ${item.name}: ${describeError(error)}`),
                )
              }
            >
              restore
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
