import type { TypingsState } from '../../shared/api/providers';
import type { PlaygroundState } from './store';

/** The typings of the workspace the page shows: the only ones the editor ever types. */
export function shownTypings(
  state: Pick<PlaygroundState, 'workspace' | 'typings'>,
): TypingsState | undefined {
  return state.workspace ? state.typings[state.workspace.path] : undefined;
}
