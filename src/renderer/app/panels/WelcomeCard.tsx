import { shortcutLabel } from '../../ui/shortcutLabel';
import { usePlaygroundStore } from '../../state/store';

/** What a first-time user sees before any run: what this is and what to do first. */
export function WelcomeCard() {
  const workspace = usePlaygroundStore((s) => s.workspace);
  const providers = usePlaygroundStore((s) => s.providers);
  const hasSnippets = (workspace?.snippets.length ?? 0) > 0;
  return (
    <div className="welcome" data-testid="welcome">
      <h2>Welcome to Execbox Playground</h2>
      <p>
        Write JavaScript that calls tools, run it in a QuickJS sandbox in a separate process, and watch every
        protocol message as it happens.
      </p>
      <ol>
        <li>
          {hasSnippets ? 'Pick a snippet on the left' : 'Create a snippet with “+ New” on the left'}, or edit
          the one that is open.
        </li>
        <li>
          Type <code>await</code> and a provider name
          {providers[0] ? (
            <>
              {' '}
              such as <code>{providers[0].name}.</code>
            </>
          ) : (
            ''
          )}{' '}
          to see its tools with their types.
        </li>
        <li>
          Press <kbd>{shortcutLabel('Mod+Enter')}</kbd> to run, <kbd>Esc</kbd> to cancel. The result shows
          here; the transcript on the right.
        </li>
        <li>
          Add your own tools under Providers: mock tools work offline; MCP servers, TPMJS and modules too.
        </li>
      </ol>
      <p className="muted">
        Press <kbd>?</kbd> or <kbd>F1</kbd> for every shortcut.
      </p>
    </div>
  );
}
