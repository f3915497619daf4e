import type { PlaygroundApi } from '../../../shared/api/playgroundApi';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';

interface UnsavedEdits {
  /** The snippet's name. */
  name: string;
  code: string;
  /** The workspace file the snippet was in, when another one has been opened since. */
  from?: string;
}

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/**
 * This tab's unsaved edits to a snippet the open workspace no longer has (deleted elsewhere, or
 * another workspace file opened in another tab) become a new snippet in the open workspace.
 */
export async function keepUnsavedEdits(api: PlaygroundApi, edits: UnsavedEdits): Promise<void> {
  const { notify } = usePlaygroundStore.getState();
  const { name, code, from } = edits;
  const what = from
    ? `Another workspace file was opened while this tab had unsaved edits to "${name}" in ${fileName(from)}.`
    : `"${name}" was deleted elsewhere while this tab had unsaved edits to it.`;
  try {
    const kept = await api.workspace.createSnippet(
      from ? `${name} (unsaved edits from ${fileName(from)})` : `${name} (unsaved edits from this tab)`,
      code,
    );
    // A deletion happened in this workspace: the copy takes the deleted one's place. Another file's
    // edits arrive in a workspace someone else just opened: they are not pushed in front of them.
    if (!from) await api.workspace.setActiveSnippet(kept.id);
    notify('info', `${what} They are kept as "${kept.name}".`);
  } catch (error) {
    notify('error', `${what} They could not be kept: ${describeError(error)}`);
  }
}
