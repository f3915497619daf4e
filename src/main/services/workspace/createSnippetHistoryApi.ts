import { randomUUID } from 'node:crypto';
import type { SnippetView, WorkspaceApi } from '../../../shared/api/workspace';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { textRevision } from '../../../shared/textRevision';
import { requireString } from './checkArgument';
import type { WorkspaceControl } from './createWorkspaceApi';

export type SnippetHistoryMethods = Pick<
  WorkspaceApi,
  'snippetHistory' | 'snippetVersion' | 'restoreSnippetVersion' | 'deletedSnippets' | 'restoreDeletedSnippet'
>;

/** Snippet versions and deleted snippets; `updateSnippet` is how a restored version is written. */
export function createSnippetHistoryApi(
  control: WorkspaceControl,
  snippetId: (id: unknown) => string,
  updateSnippet: WorkspaceApi['updateSnippet'],
): SnippetHistoryMethods {
  const history = () => control.history(control.session().file);
  const version = async (id: unknown, versionId: unknown) => {
    const key = snippetId(id);
    const wanted = requireString(versionId, 'versionId', { max: 200 });
    const found = await history().version(key, wanted);
    if (!found) throw new InvalidArgumentError(`snippet '${key}' has no version '${wanted}'`);
    return found;
  };
  return {
    snippetHistory: async (id) => history().versions(snippetId(id)),
    snippetVersion: (id, versionId) => version(id, versionId),
    async restoreSnippetVersion(id, versionId, expected) {
      const found = await version(id, versionId);
      return updateSnippet(snippetId(id), { code: found.code }, expected);
    },
    deletedSnippets: () => history().deletedList(),
    async restoreDeletedSnippet(id) {
      const key = requireString(id, 'id', { max: 200 });
      const session = control.session();
      const snippet = await history().takeDeleted(key);
      if (!snippet) throw new InvalidArgumentError(`no deleted snippet has id '${key}'`);
      // Its id is free again unless a snippet took it meanwhile (a file edited by hand).
      const restored = session.document.snippets.some((s) => s.id === snippet.id)
        ? { ...snippet, id: randomUUID() }
        : snippet;
      await session.mutate((doc) => {
        doc.snippets.push(restored);
      });
      return { ...restored, revision: textRevision(restored.code) } satisfies SnippetView;
    },
  };
}
