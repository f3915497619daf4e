import { useMemo } from 'react';
import { stringifyPrefix } from '../../../shared/view/stringifyPrefix';

/** Characters of JSON the raw view shows; "copy all" and "save to file" have the rest. */
export const RAW_PREFIX_CHARS = 200_000;

/** The value's JSON, up to a bounded prefix. */
export function RawValue({ value }: { value: unknown }) {
  const prefix = useMemo(() => stringifyPrefix(value, RAW_PREFIX_CHARS), [value]);
  return (
    <div className="value-raw">
      {prefix.truncated && (
        <div className="muted" role="note">
          Showing the first {RAW_PREFIX_CHARS.toLocaleString('en-US')} characters of the JSON. Use “Copy all”
          or “Save to file” for all of it.
        </div>
      )}
      <pre data-testid="value-raw">{prefix.text}</pre>
    </div>
  );
}
