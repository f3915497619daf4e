import { useId, useState } from 'react';

export type JsonParse = { ok: true; value: unknown } | { ok: false; reason: string };

export function parseJsonText(text: string): JsonParse {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

export function toJsonText(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}

/** A JSON editor that says, as you type, whether the text is valid JSON (empty means undefined). */
export function JsonTextArea(props: {
  label: string;
  initial: unknown;
  onChange(parse: JsonParse): void;
  testId?: string;
}) {
  const id = useId();
  const [text, setText] = useState(() => toJsonText(props.initial));
  const parsed = parseJsonText(text);
  return (
    <div className="json-textarea">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        data-testid={props.testId}
        spellCheck={false}
        rows={Math.min(14, Math.max(3, text.split('\n').length + 1))}
        value={text}
        aria-invalid={!parsed.ok}
        onChange={(event) => {
          setText(event.target.value);
          props.onChange(parseJsonText(event.target.value));
        }}
      />
      {!parsed.ok && <div className="field-error">Not valid JSON: {parsed.reason}</div>}
    </div>
  );
}
