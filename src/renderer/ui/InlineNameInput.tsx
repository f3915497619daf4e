import { useState } from 'react';

/** A name field that saves on Enter, cancels on Escape, and refuses an empty name once edited or submitted. */
export function InlineNameInput(props: {
  initial: string;
  label: string;
  /** Selects the name when it gets focus, so typing replaces it. */
  selectAll?: boolean;
  onSave(name: string): void;
  onCancel(): void;
}) {
  const [value, setValue] = useState(props.initial);
  const [touched, setTouched] = useState(false);
  const trimmed = value.trim();
  const showError = touched && trimmed === '';
  return (
    <span className="inline-name">
      <input
        autoFocus
        aria-label={props.label}
        aria-invalid={showError}
        value={value}
        maxLength={120}
        placeholder={props.label}
        onFocus={props.selectAll ? (e) => e.currentTarget.select() : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setTouched(true);
        }}
        onBlur={() => (trimmed ? props.onSave(trimmed) : props.onCancel())}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            if (trimmed) props.onSave(trimmed);
            else setTouched(true);
          }
          if (e.key === 'Escape') props.onCancel();
          e.stopPropagation();
        }}
      />
      {showError && (
        <span className="field-error" role="alert">
          a name is needed
        </span>
      )}
    </span>
  );
}
