/** A search box with its match count and next/previous buttons: Enter steps on, Shift+Enter back. */
export function SearchBox(props: {
  label: string;
  query: string;
  onQuery(query: string): void;
  error: string | null;
  searching: boolean;
  matchCount: number;
  current: number | null;
  onStep(direction: 1 | -1): void;
}) {
  const { matchCount, current } = props;
  return (
    <div className="search-box">
      <input
        type="search"
        aria-label={props.label}
        aria-invalid={props.error !== null}
        placeholder="Search: text or /regex/"
        value={props.query}
        spellCheck={false}
        onChange={(e) => props.onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            props.onStep(e.shiftKey ? -1 : 1);
          } else if (e.key === 'Escape' && props.query !== '') {
            e.preventDefault();
            props.onQuery('');
          }
        }}
      />
      {props.error ? (
        <span className="field-error" role="alert">
          {props.error}
        </span>
      ) : (
        props.searching && (
          <span className="muted" role="status" data-testid="search-count">
            {matchCount === 0
              ? 'No matches'
              : current === null
                ? `${matchCount.toLocaleString('en-US')} match${matchCount === 1 ? '' : 'es'}`
                : `${(current + 1).toLocaleString('en-US')} of ${matchCount.toLocaleString('en-US')}`}
          </span>
        )
      )}
      <button
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        disabled={matchCount === 0}
        onClick={() => props.onStep(-1)}
      >
        ↑
      </button>
      <button
        aria-label="Next match"
        title="Next match (Enter)"
        disabled={matchCount === 0}
        onClick={() => props.onStep(1)}
      >
        ↓
      </button>
    </div>
  );
}
