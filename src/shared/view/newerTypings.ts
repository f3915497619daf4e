import type { TypingsState } from '../api/providers';

/**
 * Typings from the host replace the editor's only when they are newer than what it has and belong
 * to the workspace it shows (a typings event may come before the workspace it belongs to opens
 * there; the host sends them again after the switch). Returns the change to make, or nothing.
 */
export function newerTypings(
  state: { typingsVersion: number; workspace: { path: string } | null },
  typings: TypingsState,
): { declarations: string; typingsVersion: number } | Record<string, never> {
  if (typings.version <= state.typingsVersion) return {};
  if (state.workspace && state.workspace.path !== typings.workspacePath) return {};
  return { declarations: typings.declarations, typingsVersion: typings.version };
}
