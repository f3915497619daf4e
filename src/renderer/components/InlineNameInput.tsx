import { useState } from 'react';

/** A name field that saves on Enter, cancels on Escape, and refuses an empty name. */
export function InlineNameInput(props: {
  initial: string;
  label: string;
  onSave(name: string): void;
  onCancel(): void;
}) {
  const [value, setValue] = useState(props.initial);
  const trimmed = value.trim();
  return (
    <span className="inline-name">
      <input
        autoFocus
        aria-label={props.label}
        aria-invalid={trimmed === ''}
        value={value}
        maxLength={120}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => (trimmed ? props.onSave(trimmed) : props.onCancel())}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && trimmed) props.onSave(trimmed);
          if (e.key === 'Escape') props.onCancel();
          e.stopPropagation();
        }}
      />
      {trimmed === '' && <span className="field-error">a name is needed</span>}
    </span>
  );
}
