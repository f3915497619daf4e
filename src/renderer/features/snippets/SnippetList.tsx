import { useState } from 'react';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { InlineNameInput } from '../../ui/InlineNameInput';
import { Icon } from '../../ui/Icon';
import { markDeletedHere, takeDeletedHere } from '../../state/snippetsDeletedHere';
import type { SnippetView } from '../../../shared/api/workspace';
import { DeletedSnippets } from './DeletedSnippets';
import { SnippetHistoryDialog } from './SnippetHistoryDialog';

const STARTER = `// Guest JavaScript: call your providers' tools with await.\n// The last expression is the result.\n`;

/** The workspace's snippets: switch, create, rename, delete, their history and the deleted ones. */
export function SnippetList() {
  const api = useApi();
  const workspace = usePlaygroundStore((s) => s.workspace);
  const notify = usePlaygroundStore((s) => s.notify);
  const [renaming, setRenaming] = useState<string | null>(null);
  // The snippet "+ New" just made: its name field says so.
  const [fresh, setFresh] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [history, setHistory] = useState<SnippetView | null>(null);
  const act = (what: string, action: () => Promise<unknown>) =>
    action().catch((error: unknown) => notify('error', `Could not ${what}: ${describeError(error)}`));
  if (!workspace) return null;

  return (
    <nav className="snippets" aria-label="Snippets">
      <div className="section-head">
        <h2>Snippets</h2>
        <button
          onClick={() =>
            // Made, opened and kept at once under a name of its own; the name field follows, focused, to rename it.
            void act('create the snippet', async () => {
              const name = freeName(workspace.snippets.map((snippet) => snippet.name));
              const snippet = await api.workspace.createSnippet(name, STARTER);
              await api.workspace.setActiveSnippet(snippet.id);
              setFresh(snippet.id);
              setRenaming(snippet.id);
            })
          }
          title="New snippet: made and opened at once; type its name, Enter to keep"
        >
          + New
        </button>
      </div>
      <ul>
        {workspace.snippets.map((snippet) => (
          <li key={snippet.id} className={snippet.id === workspace.activeSnippetId ? 'active' : ''}>
            {renaming === snippet.id ? (
              <InlineNameInput
                initial={snippet.name}
                selectAll
                label={fresh === snippet.id ? 'New snippet name' : 'Snippet name'}
                onCancel={() => setRenaming(null)}
                onSave={(name) => {
                  setRenaming(null);
                  setFresh(null);
                  if (name !== snippet.name)
                    void act('rename the snippet', () => api.workspace.updateSnippet(snippet.id, { name }));
                }}
              />
            ) : (
              <button
                className="snippet-name"
                aria-current={snippet.id === workspace.activeSnippetId}
                onClick={() => void act('open the snippet', () => api.workspace.setActiveSnippet(snippet.id))}
                onDoubleClick={() => setRenaming(snippet.id)}
                title="Open (double-click to rename)"
              >
                {snippet.name}
              </button>
            )}
            {confirmDelete === snippet.id ? (
              <span className="confirm">
                Delete?
                <button
                  className="danger"
                  onClick={() => {
                    setConfirmDelete(null);
                    markDeletedHere(snippet.id);
                    void act('delete the snippet', () =>
                      api.workspace.deleteSnippet(snippet.id).catch((error: unknown) => {
                        takeDeletedHere(snippet.id);
                        throw error;
                      }),
                    );
                  }}
                >
                  Yes
                </button>
                <button onClick={() => setConfirmDelete(null)}>No</button>
              </span>
            ) : (
              <span className="row-actions">
                <button
                  aria-label={`Rename ${snippet.name}`}
                  title="Rename"
                  onClick={() => setRenaming(snippet.id)}
                >
                  <Icon name="edit" />
                </button>
                <button
                  aria-label={`History of ${snippet.name}`}
                  title="History: saved versions"
                  onClick={() => setHistory(snippet)}
                >
                  <Icon name="history" />
                </button>
                <button
                  aria-label={`Delete ${snippet.name}`}
                  title="Delete"
                  onClick={() => setConfirmDelete(snippet.id)}
                >
                  <Icon name="trash" />
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {workspace.snippets.length === 0 && <p className="muted">No snippets yet: create one with “+ New”.</p>}
      <DeletedSnippets />
      {history && <SnippetHistoryDialog snippet={history} onClose={() => setHistory(null)} />}
    </nav>
  );
}

/** "New snippet", or "New snippet 2", 3, …: the first such name no snippet has. */
function freeName(taken: readonly string[]): string {
  const names = new Set(taken);
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? 'New snippet' : `New snippet ${n}`;
    if (!names.has(name)) return name;
  }
}
