import { useState } from 'react';
import {
  describeFieldRange,
  typedRuntimeOptionProblem,
  type RuntimeOptionField,
} from '../../shared/runtimeOptionFields';

/**
 * A runtime limit's field: checks as you type against the range the host accepts (shown beside it),
 * and saves on Enter or when it loses focus; a value out of range is never saved.
 */
export function LimitInput(props: {
  field: RuntimeOptionField;
  value: number;
  onCommit(value: number): void;
}) {
  const { field } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(props.value);
  const problem = typedRuntimeOptionProblem(field, text);
  const commit = () => {
    if (draft === null || problem) return;
    const parsed = Number(text);
    if (parsed !== props.value) props.onCommit(parsed);
    setDraft(null);
  };
  return (
    <label className="field-inline limit" title={`${field.title} (${describeFieldRange(field)})`}>
      {field.label}
      <input
        className={problem ? 'invalid' : ''}
        aria-invalid={Boolean(problem)}
        aria-label={field.label}
        inputMode="numeric"
        value={text}
        size={Math.max(3, text.length)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      {field.unit && <span className="unit">{field.unit}</span>}
      {problem && (
        <span className="field-error" role="alert">
          {describeFieldRange(field)}
        </span>
      )}
    </label>
  );
}
