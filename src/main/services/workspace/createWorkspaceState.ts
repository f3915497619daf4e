import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RecentWorkspace } from '../../../shared/api/workspace';
import { ensurePrivateDir } from '../../system/ensurePrivateDir';
import { writeFileAtomic } from '../../system/writeFileAtomic';

/** Workspaces the recent list keeps, newest first. */
export const MAX_RECENT_WORKSPACES = 12;

interface StateFile {
  lastWorkspace?: string;
  recent: { path: string; openedAt: string }[];
}

async function readState(file: string): Promise<StateFile> {
  try {
    const raw = JSON.parse(await readFile(file, 'utf8')) as { lastWorkspace?: unknown; recent?: unknown };
    const recent = Array.isArray(raw.recent)
      ? raw.recent.filter(
          (item): item is { path: string; openedAt: string } =>
            typeof item?.path === 'string' && typeof item?.openedAt === 'string',
        )
      : [];
    return {
      ...(typeof raw.lastWorkspace === 'string' ? { lastWorkspace: raw.lastWorkspace } : {}),
      recent: recent.slice(0, MAX_RECENT_WORKSPACES),
    };
  } catch {
    return { recent: [] };
  }
}

/** What a workspace file says about itself, read loosely: a broken file still lists by its path. */
async function describeFile(file: string): Promise<{ exists: boolean; name?: string; color?: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { exists: false };
  }
  try {
    const doc = JSON.parse(text) as { name?: unknown; color?: unknown };
    return {
      exists: true,
      ...(typeof doc.name === 'string' ? { name: doc.name.slice(0, 200) } : {}),
      ...(typeof doc.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(doc.color) ? { color: doc.color } : {}),
    };
  } catch {
    return { exists: true };
  }
}

/** `state.json` in the config folder: the last workspace (opened on the next start) and the recent ones. */
export function createWorkspaceState(configDir: string) {
  const file = path.join(configDir, 'state.json');
  let writing: Promise<unknown> = Promise.resolve();
  const update = (change: (state: StateFile) => void) => {
    const next = writing.then(async () => {
      const state = await readState(file);
      change(state);
      await ensurePrivateDir(configDir);
      await writeFileAtomic(file, JSON.stringify(state, null, 2) + '\n', 0o600);
    });
    writing = next.catch(() => undefined);
    return next;
  };
  return {
    last: async () => (await readState(file)).lastWorkspace,
    remember: (workspace: string) =>
      update((state) => {
        state.lastWorkspace = workspace;
        state.recent = [
          { path: workspace, openedAt: new Date().toISOString() },
          ...state.recent.filter((item) => item.path !== workspace),
        ].slice(0, MAX_RECENT_WORKSPACES);
      }),
    forget: (workspace: string) =>
      update((state) => {
        state.recent = state.recent.filter((item) => item.path !== workspace);
      }),
    async recent(): Promise<RecentWorkspace[]> {
      const { recent } = await readState(file);
      return Promise.all(
        recent.map(async (item) => {
          const about = await describeFile(item.path);
          return {
            path: item.path,
            name: about.name ?? path.basename(item.path),
            ...(about.color ? { color: about.color } : {}),
            openedAt: item.openedAt,
            exists: about.exists,
          };
        }),
      );
    },
  };
}

export type WorkspaceState = ReturnType<typeof createWorkspaceState>;
