import { forwardRef } from 'react';
import type { QueryError } from '../../../shared/view/parseTranscriptQuery';
import { matchCountText } from '../../ui/matchCountText';

interface TranscriptSearchProps {
  query: string;
  onQuery(query: string): void;
  error: QueryError | null;
  /** Matches in the rows shown, and which one is selected (0-based), if any. */
  matchCount: number;
  current: number | null;
  /** The count is on its way (the host searches a long run). */
  counting?: boolean;
  onStep(direction: 1 | -1): void;
}

const HELP =
  'Search inputs, results and logs, or filter: type:tool_call tool:github.search_issues ' +
  'status:error took:>500 call:call-4322 dir:to_runner; -term excludes; "quoted text" keeps spaces. ' +
  'Enter steps to the next match, Shift+Enter to the previous one.';

/** The search box: a query, its match count, Enter to step, and a parse error pointing at its column. */
export const TranscriptSearch = forwardRef<HTMLInputElement, TranscriptSearchProps>(function TranscriptSearch(
  { query, onQuery, error, matchCount, current, counting = false, onStep },
  ref,
) {
  return (
    <div className="transcript-search">
      <div className="transcript-search-line">
        <input
          ref={ref}
          type="search"
          aria-label="Search the transcript"
          aria-invalid={error !== null}
          aria-describedby={error ? 'transcript-query-error' : undefined}
          placeholder="Search or filter: type:tool_call status:error took:>500 call:call-42"
          title={HELP}
          value={query}
          spellCheck={false}
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onStep(e.shiftKey ? -1 : 1);
            } else if (e.key === 'Escape' && query !== '') {
              e.preventDefault();
              onQuery('');
            }
          }}
        />
        {query.trim() !== '' && !error && (
          <span className="muted transcript-match-count" data-testid="transcript-matches" role="status">
            {counting ? 'Searching…' : matchCountText(matchCount, current)}
          </span>
        )}
        <button
          aria-label="Previous match"
          title="Previous match (Shift+Enter)"
          disabled={matchCount === 0 && !counting}
          onClick={() => onStep(-1)}
        >
          ↑
        </button>
        <button
          aria-label="Next match"
          title="Next match (Enter)"
          disabled={matchCount === 0 && !counting}
          onClick={() => onStep(1)}
        >
          ↓
        </button>
      </div>
      {error && (
        <div className="query-error" id="transcript-query-error" role="alert">
          <pre aria-hidden>
            {query}
            {'\n'}
            {' '.repeat(error.column - 1)}
            {'^'.repeat(error.length)}
          </pre>
          <span>
            Column {error.column}: {error.message}
          </span>
        </div>
      )}
    </div>
  );
});
