import type { SnippetConflict } from '../../../shared/createSnippetSync';

/** Both versions of a snippet changed here and elsewhere at once, and the three ways out. */
export function SnippetConflictPanel({
  conflict,
  onKeepMine,
  onTakeTheirs,
  onKeepBoth,
}: {
  conflict: SnippetConflict;
  onKeepMine(): void;
  onTakeTheirs(): void;
  onKeepBoth(): void;
}) {
  const waiting = conflict.theirs === undefined;
  return (
    <section className="snippet-conflict" role="alert" aria-label="Edit conflict">
      <p>
        This snippet was changed in another tab, window or program while you were editing it here. Nothing
        from this tab is saved until you choose.
      </p>
      <div className="snippet-conflict-texts">
        <figure>
          <figcaption>This tab (not saved)</figcaption>
          <pre data-testid="conflict-mine">{conflict.mine}</pre>
        </figure>
        <figure>
          <figcaption>Saved in the file</figcaption>
          <pre data-testid="conflict-theirs">{waiting ? 'Loading the other version…' : conflict.theirs}</pre>
        </figure>
      </div>
      <div className="row">
        <button
          className="primary"
          disabled={waiting}
          onClick={onKeepMine}
          title="Save this tab's text over the saved one"
        >
          Keep mine
        </button>
        <button disabled={waiting} onClick={onTakeTheirs} title="Show the saved text here; drop this tab's">
          Take saved
        </button>
        <button disabled={waiting} onClick={onKeepBoth} title="Save this tab's text as a new snippet">
          Keep both
        </button>
      </div>
    </section>
  );
}
