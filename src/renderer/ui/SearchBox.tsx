import { matchCountText } from './matchCountText';
import type { LineSearch } from './useLineSearch';

/** A search box with its match count and next/previous buttons: Enter steps on, Shift+Enter back. */
export function SearchBox(props: {
  label: string;
  search: LineSearch;
  /** After a step: the line position of the new current match, to scroll it into view. */
  onStepped(line: number): void;
}) {
  const { search } = props;
  const matchCount = search.matches.length;
  const step = (direction: 1 | -1) => {
    const line = search.step(direction);
    if (line !== null) props.onStepped(line);
  };
  return (
    <div className="search-box">
      <input
        type="search"
        aria-label={props.label}
        aria-invalid={search.error !== null}
        placeholder="Search: text or /regex/"
        value={search.query}
        spellCheck={false}
        onChange={(e) => search.setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            step(e.shiftKey ? -1 : 1);
          } else if (e.key === 'Escape' && search.query !== '') {
            e.preventDefault();
            search.setQuery('');
          }
        }}
      />
      {search.error ? (
        <span className="field-error" role="alert">
          {search.error}
        </span>
      ) : (
        search.searching && (
          <span className="muted" role="status" data-testid="search-count">
            {matchCountText(matchCount, search.current)}
          </span>
        )
      )}
      <button
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        disabled={matchCount === 0}
        onClick={() => step(-1)}
      >
        ↑
      </button>
      <button
        aria-label="Next match"
        title="Next match (Enter)"
        disabled={matchCount === 0}
        onClick={() => step(1)}
      >
        ↓
      </button>
    </div>
  );
}
