import type { RunOrigin, RunSummary } from '../../shared/api/runs';
import type { ExecuteResult } from '../../shared/executeResult';
import type { RunFacts } from '../../shared/runOutcome';
import type { RunView } from './runView';

/** One run as lists and pickers show it, from the page's copy or, failing that, the host's summary. */
export interface ListedRun {
  runId: string;
  name?: string;
  origin?: RunOrigin;
  /** When it started (ms since the epoch). */
  startedAt: number;
  workspacePath?: string;
  result?: ExecuteResult;
  facts?: RunFacts;
  /** Still going. */
  live: boolean;
  /** The page's copy, when it holds one. */
  held?: RunView;
  /** The host's summary, when the page holds no copy. */
  summary?: RunSummary;
}

/**
 * The runs of the workspace at `path` (oldest first) and, apart, those made in other workspaces:
 * the page's runs and the host's kept ones, each once. A run from a host that predates workspace
 * paths counts as this workspace's.
 */
export function workspaceRuns(
  held: Record<string, RunView>,
  kept: readonly RunSummary[],
  path: string | undefined,
): { here: ListedRun[]; elsewhere: ListedRun[] } {
  const listed: ListedRun[] = Object.values(held).map((run) => ({
    runId: run.runId,
    ...(run.name ? { name: run.name } : {}),
    ...(run.origin ? { origin: run.origin } : {}),
    startedAt: run.seenAt,
    ...(run.workspacePath ? { workspacePath: run.workspacePath } : {}),
    ...(run.result ? { result: run.result } : {}),
    ...(run.facts ? { facts: run.facts } : {}),
    live: run.result === undefined && !run.hostStopped,
    held: run,
  }));
  for (const summary of kept) {
    const copy = listed.find((run) => run.runId === summary.runId);
    if (copy) {
      // The host names a run the page learned of before it knew the name (loaded, or started elsewhere).
      if (!copy.name && summary.name) copy.name = summary.name;
      if (!copy.workspacePath && summary.workspacePath) copy.workspacePath = summary.workspacePath;
      continue;
    }
    listed.push({
      runId: summary.runId,
      ...(summary.name ? { name: summary.name } : {}),
      origin: summary.origin,
      startedAt: Date.parse(summary.startedAt),
      ...(summary.workspacePath ? { workspacePath: summary.workspacePath } : {}),
      ...(summary.result ? { result: summary.result } : {}),
      ...(summary.facts ? { facts: summary.facts } : {}),
      live: summary.state !== 'finished',
      summary,
    });
  }
  listed.sort((a, b) => a.startedAt - b.startedAt);
  const isHere = (run: ListedRun) =>
    path === undefined || run.workspacePath === undefined || run.workspacePath === path;
  return { here: listed.filter(isHere), elsewhere: listed.filter((run) => !isHere(run)) };
}
