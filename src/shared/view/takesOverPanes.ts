import type { RunOrigin } from '../api/runs';

/**
 * A run the person started (a replay, or a tap they pointed at the app with `execbox tap --app`)
 * shows in the result and transcript panes at once; an agent's or a model's only when the person
 * follows it.
 */
export function takesOverPanes(origin: RunOrigin | undefined): boolean {
  return origin?.kind !== 'agent' && origin?.kind !== 'model';
}
