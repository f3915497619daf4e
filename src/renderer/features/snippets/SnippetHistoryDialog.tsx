import { useEffect, useState } from 'react';
import type { SnippetVersion, SnippetVersionInfo, SnippetView } from '../../../shared/api/workspace';
import { plural } from '../../../shared/format';
import { describeError } from '../../state/describeError';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { Dialog } from '../../ui/Dialog';
import { MonacoDiff } from '../../ui/monaco/MonacoDiff';

/** A snippet's saved versions, newest first: each diffed against the current text and restorable. */
export function SnippetHistoryDialog({ snippet, onClose }: { snippet: SnippetView; onClose(): void }) {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const current = usePlaygroundStore((s) => s.workspace?.snippets.find((item) => item.id === snippet.id));
  const [versions, setVersions] = useState<SnippetVersionInfo[] | null>(null);
  const [chosen, setChosen] = useState<SnippetVersion | null>(null);
  const fail = (what: string) => (error: unknown) =>
    notify('error', `Could not ${what}: ${describeError(error)}`);

  useEffect(() => {
    let live = true;
    api.workspace
      .snippetHistory(snippet.id)
      .then((list) => live && setVersions(list), fail('list the versions'));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, snippet.id, current?.revision]);

  const choose = (info: SnippetVersionInfo) =>
    api.workspace.snippetVersion(snippet.id, info.versionId).then(setChosen, fail('read the version'));
  const restore = (version: SnippetVersion) =>
    api.workspace
      .restoreSnippetVersion(
        snippet.id,
        version.versionId,
        current ? { codeRevision: current.revision } : undefined,
      )
      .then(() => {
        notify('info', `Restored "${snippet.name}" as saved ${new Date(version.savedAt).toLocaleString()}.`);
        onClose();
      }, fail('restore the version'));

  return (
    <Dialog title={`History of ${snippet.name}`} onClose={onClose}>
      {versions === null ? (
        <p className="muted">Reading the versions…</p>
      ) : (
        <div className="snippet-history">
          <ol className="snippet-versions" aria-label="Versions">
            {versions.map((info, index) => (
              <li key={info.versionId} data-testid="snippet-version">
                <button
                  className="link"
                  aria-pressed={chosen?.versionId === info.versionId}
                  onClick={() => void choose(info)}
                >
                  {new Date(info.savedAt).toLocaleString()}
                </button>
                <span className="muted">
                  {' '}
                  {plural(info.chars, 'character')}
                  {index === 0 && ' · latest save'}
                  {info.beforeFirstEdit && ' · as it was before the first edit'}
                </span>
              </li>
            ))}
          </ol>
          {chosen && current && (
            <div className="snippet-version-diff">
              <p className="muted">
                Left: the version saved {new Date(chosen.savedAt).toLocaleString()}. Right: now.
              </p>
              <MonacoDiff
                original={chosen.code}
                modified={current.code}
                language="typescript"
                slot="dialog"
              />
              <button
                className="primary"
                disabled={chosen.code === current.code}
                onClick={() => void restore(chosen)}
              >
                Restore this version
              </button>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
