import type { ReactNode } from 'react';

/** A labelled form field with its hint and, when wrong, its error (announced to screen readers). */
export function Field(props: { label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <label className={`field ${props.error ? 'has-error' : ''}`}>
      <span className="field-label">{props.label}</span>
      {props.children}
      {props.error ? (
        <span className="field-error" role="alert">
          {props.error}
        </span>
      ) : (
        props.hint && <span className="field-hint">{props.hint}</span>
      )}
    </label>
  );
}
