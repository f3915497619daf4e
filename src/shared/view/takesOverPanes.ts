import type { RunOrigin } from '../api/runs';

/**
 * A run the person (or their replay, from any tab) started shows in the result and transcript panes
 * at once; an agent's or a tap's only when the person follows them.
 */
export function takesOverPanes(origin: RunOrigin | undefined): boolean {
  return origin?.kind !== 'agent' && origin?.kind !== 'tap';
}
