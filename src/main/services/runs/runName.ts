import type { RunRequest } from '../../../shared/api/runs';

/** Characters of an agent's task (its code's first line) a run's name keeps. */
const TASK_CHARS = 60;

/**
 * What a run is listed by: the snippet's name for a run of one, the tap's name for a tapped session,
 * an agent's task (the first line of its code) otherwise; undefined when there is nothing to say.
 */
export function runName(
  request: RunRequest,
  snippetName?: (id: string) => string | undefined,
): string | undefined {
  if (request.origin?.kind === 'tap') return request.origin.clientName;
  const snippet = request.snippetId === undefined ? undefined : snippetName?.(request.snippetId);
  if (snippet) return snippet;
  const line = request.code
    .split('\n')
    .find((text) => text.trim() !== '')
    ?.trim();
  if (!line) return undefined;
  return line.length > TASK_CHARS ? `${line.slice(0, TASK_CHARS - 1)}…` : line;
}
