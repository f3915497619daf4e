import { useState } from 'react';

/** A positive-integer field that checks as you type and saves on Enter or when it loses focus. */
export function LimitInput(props: {
  label: string;
  unit: string;
  title: string;
  value: number;
  onCommit(value: number): void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(props.value);
  const parsed = Number(text);
  const valid = /^\d+$/.test(text.trim()) && Number.isSafeInteger(parsed) && parsed > 0;
  const commit = () => {
    if (draft === null) return;
    if (valid && parsed !== props.value) props.onCommit(parsed);
    if (valid) setDraft(null);
  };
  return (
    <label className="field-inline limit" title={props.title}>
      {props.label}
      <input
        className={valid ? '' : 'invalid'}
        aria-invalid={!valid}
        aria-label={props.label}
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
      {props.unit && <span className="unit">{props.unit}</span>}
      {!valid && <span className="field-error">a whole number above 0</span>}
    </label>
  );
}
