import type { TypingsState } from '../api/providers';

/** Workspaces whose typings a page keeps: the one it shows and the few it may go back to. */
export const KEPT_WORKSPACE_TYPINGS = 8;

/**
 * The page's typings, one per workspace file: for each, the newest the host sent wins, whichever
 * workspace the page shows when they arrive (a workspace's typings may come before the event that
 * opens it). The editor types the shown workspace's entry and nothing else.
 */
export function withNewestTypings(
  held: Readonly<Record<string, TypingsState>>,
  typings: TypingsState,
): Readonly<Record<string, TypingsState>> {
  const current = held[typings.workspacePath];
  if (current && current.version >= typings.version) return held;
  const { workspacePath, version, declarations, providers } = typings;
  const next = { ...held, [workspacePath]: { workspacePath, version, declarations, providers } };
  const paths = Object.keys(next);
  if (paths.length <= KEPT_WORKSPACE_TYPINGS) return next;
  const oldest = paths.reduce((a, b) => (next[a]!.version <= next[b]!.version ? a : b));
  delete next[oldest];
  return next;
}

/**
 * The host may be another one now (restarted): its versions start over, so whatever it sends next
 * replaces what the page holds. The page keeps showing the held typings until then.
 */
export function fromEarlierHost(
  held: Readonly<Record<string, TypingsState>>,
): Readonly<Record<string, TypingsState>> {
  return Object.fromEntries(
    Object.entries(held).map(([path, typings]) => [path, { ...typings, version: -1 }]),
  );
}
