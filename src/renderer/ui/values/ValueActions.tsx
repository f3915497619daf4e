import { useUiHost } from '../uiHost';
import { downloadText } from '../downloadText';

function fullJson(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'undefined');
}

function fileNameFor(label: string): string {
  const stem =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'value';
  return stem;
}

/** "Copy all" and "Save to file" for a whole value, serialized only when asked. */
export function ValueActions({ value, label }: { value: unknown; label: string }) {
  const { notify } = useUiHost();
  const copyAll = async () => {
    try {
      const text = fullJson(value);
      await navigator.clipboard.writeText(text);
      notify('info', `Copied ${label.toLowerCase()} (${text.length.toLocaleString('en-US')} characters).`);
    } catch {
      notify('error', 'The clipboard is not available here; use "Save to file" instead.');
    }
  };
  const save = () => {
    const isText = typeof value === 'string';
    downloadText(
      `${fileNameFor(label)}.${isText ? 'txt' : 'json'}`,
      fullJson(value),
      isText ? 'text/plain' : 'application/json',
    );
  };
  return (
    <span className="value-actions">
      <button onClick={() => void copyAll()}>Copy all</button>
      <button onClick={save}>Save to file</button>
    </span>
  );
}
