import { plural } from '../../../shared/format';

export interface Problem {
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
}

const SAVE_WORDS = {
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved',
  conflict: 'Not saved: changed elsewhere too',
  'not-in-file': 'Not saved to the file (it was changed outside)',
};

/** Type errors and warnings of the open snippet, in words, plus the autosave state. */
export function ProblemsStrip({
  problems,
  saveState,
}: {
  problems: Problem[];
  saveState: keyof typeof SAVE_WORDS;
}) {
  return (
    <div className="problems" role="status" aria-label="Problems">
      <div className="problems-head">
        <span className={problems.length ? 'problems-count has-problems' : 'problems-count'}>
          {problems.length === 0 ? 'No problems' : plural(problems.length, 'problem')}
        </span>
        <span className={`save-state save-${saveState}`}>{SAVE_WORDS[saveState]}</span>
      </div>
      {problems.length > 0 && (
        <ul className="problems-list">
          {problems.slice(0, 50).map((p, i) => (
            <li key={i} className={`problem problem-${p.severity}`}>
              <span className="problem-where">
                {p.line}:{p.column}
              </span>{' '}
              {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
