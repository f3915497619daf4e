import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DeletedSnippet, SnippetVersion, SnippetVersionInfo } from '../../../shared/api/workspace';
import type { WorkspaceSnippet } from '../../../shared/workspaceFormat';
import { ensurePrivateDir } from '../../system/ensurePrivateDir';
import { writeFileAtomic } from '../../system/writeFileAtomic';

/** Versions kept per snippet; the oldest go first. */
export const MAX_SNIPPET_VERSIONS = 100;
/** Characters of code kept per snippet across its versions (the newest version always stays). */
export const MAX_SNIPPET_HISTORY_CHARS = 2_000_000;
/** Deleted snippets kept for restoring; the oldest deletion goes first. */
export const MAX_DELETED_SNIPPETS = 50;

interface HistoryFile {
  workspace: string;
  snippets: Record<string, SnippetVersion[]>;
  deleted: (DeletedSnippet & { code: string })[];
}

function info({ code: _code, ...rest }: SnippetVersion): SnippetVersionInfo {
  return rest;
}

function trim(versions: SnippetVersion[]): SnippetVersion[] {
  const kept = versions.slice(-MAX_SNIPPET_VERSIONS);
  let chars = kept.reduce((sum, version) => sum + version.code.length, 0);
  while (kept.length > 1 && chars > MAX_SNIPPET_HISTORY_CHARS) chars -= kept.shift()!.code.length;
  return kept;
}

async function load(file: string, workspace: string): Promise<HistoryFile> {
  try {
    const raw = JSON.parse(await readFile(file, 'utf8')) as Partial<HistoryFile>;
    if (raw.workspace === workspace && raw.snippets && Array.isArray(raw.deleted))
      return { workspace, snippets: raw.snippets, deleted: raw.deleted };
  } catch {
    // No history yet, or a broken file: start a new one.
  }
  return { workspace, snippets: {}, deleted: [] };
}

/**
 * Every saved version of each snippet of a workspace, and its deleted snippets, kept beside the
 * user's other settings (not in the workspace file, which people share): one file per workspace.
 */
export function createSnippetHistory(configDir: string) {
  const folder = path.join(configDir, 'snippet-history');
  const open = new Map<string, { data: Promise<HistoryFile>; writing: Promise<unknown> }>();

  const entry = (workspace: string) => {
    const file = path.join(
      folder,
      `${createHash('sha256').update(workspace).digest('hex').slice(0, 32)}.json`,
    );
    let found = open.get(workspace);
    if (!found) {
      found = { data: load(file, workspace), writing: Promise.resolve() };
      open.set(workspace, found);
    }
    const current = found;
    const change = async <T>(work: (data: HistoryFile) => T): Promise<T> => {
      const data = await current.data;
      const result = work(data);
      const write = async () => {
        await ensurePrivateDir(folder);
        await writeFileAtomic(file, JSON.stringify(data) + '\n', 0o600);
      };
      const next = current.writing.then(write, write);
      current.writing = next.catch(() => undefined);
      await next;
      return result;
    };
    return { data: () => current.data, change };
  };

  return {
    /** The history of one workspace file. */
    forWorkspace(workspace: string) {
      const { data, change } = entry(workspace);
      return {
        /**
         * A save of the snippet's code; the same code as the newest version adds nothing. `before`, the
         * code it replaced, is kept first when the snippet has no version yet (a demo snippet's own
         * code, a snippet from a file), so the first edit can be undone too.
         */
        async record(snippet: WorkspaceSnippet, before?: WorkspaceSnippet): Promise<void> {
          const versions = (await data()).snippets[snippet.id];
          if (versions?.at(-1)?.code === snippet.code) return;
          const version = (of: WorkspaceSnippet, beforeFirstEdit = false) => ({
            versionId: randomUUID(),
            savedAt: new Date().toISOString(),
            name: of.name,
            chars: of.code.length,
            code: of.code,
            ...(beforeFirstEdit ? { beforeFirstEdit: true as const } : {}),
          });
          await change((history) => {
            const kept = history.snippets[snippet.id] ?? [];
            const first =
              kept.length === 0 && before && before.code !== snippet.code ? [version(before, true)] : [];
            history.snippets[snippet.id] = trim([...kept, ...first, version(snippet)]);
          });
        },
        async versions(id: string): Promise<SnippetVersionInfo[]> {
          return ((await data()).snippets[id] ?? []).map(info).reverse();
        },
        async version(id: string, versionId: string): Promise<SnippetVersion | undefined> {
          return (await data()).snippets[id]?.find((version) => version.versionId === versionId);
        },
        async deleted(snippet: WorkspaceSnippet): Promise<void> {
          await change((history) => {
            history.deleted = [
              ...history.deleted.filter((item) => item.id !== snippet.id),
              {
                id: snippet.id,
                name: snippet.name,
                deletedAt: new Date().toISOString(),
                chars: snippet.code.length,
                code: snippet.code,
              },
            ];
            for (const gone of history.deleted.slice(0, -MAX_DELETED_SNIPPETS))
              delete history.snippets[gone.id];
            history.deleted = history.deleted.slice(-MAX_DELETED_SNIPPETS);
          });
        },
        async deletedList(): Promise<DeletedSnippet[]> {
          return (await data()).deleted.map(({ code: _code, ...rest }) => rest).reverse();
        },
        /** Removes a deleted snippet from the list and gives it back (its versions stay). */
        takeDeleted(id: string): Promise<WorkspaceSnippet | undefined> {
          return change((history) => {
            const found = history.deleted.find((item) => item.id === id);
            if (!found) return undefined;
            history.deleted = history.deleted.filter((item) => item !== found);
            return { id: found.id, name: found.name, code: found.code };
          });
        },
      };
    },
  };
}

export type SnippetHistoryStore = ReturnType<typeof createSnippetHistory>;
export type SnippetHistory = ReturnType<SnippetHistoryStore['forWorkspace']>;
