import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { usePlaygroundStore } from '../state/store';
import { describeError } from '../util/describeError';

/** A snippet was deleted elsewhere while this tab had unsaved edits to it: they become a new snippet. */
export async function keepUnsavedOfDeleted(api: PlaygroundApi, name: string, code: string): Promise<void> {
  const { notify } = usePlaygroundStore.getState();
  try {
    const kept = await api.workspace.createSnippet(`${name} (unsaved edits from this tab)`, code);
    await api.workspace.setActiveSnippet(kept.id);
    notify(
      'info',
      `"${name}" was deleted elsewhere while this tab had unsaved edits to it. They are kept as "${kept.name}".`,
    );
  } catch (error) {
    notify(
      'error',
      `"${name}" was deleted elsewhere, and this tab's unsaved edits to it could not be kept: ${describeError(error)}`,
    );
  }
}
