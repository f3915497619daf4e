import { JsonView, darkStyles, defaultStyles } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import { useColorScheme } from '../util/useColorScheme';

/** Objects and arrays as a collapsible tree; anything else as its JSON text. */
export function JsonTree({ value, label }: { value: unknown; label: string }) {
  const scheme = useColorScheme();
  if (value === undefined) return <code className="json-scalar">undefined</code>;
  if (typeof value !== 'object' || value === null) {
    return <code className="json-scalar">{JSON.stringify(value)}</code>;
  }
  return (
    <div className="json-tree">
      <JsonView
        data={value}
        aria-label={label}
        shouldExpandNode={(level) => level < 3}
        style={scheme === 'dark' ? darkStyles : defaultStyles}
      />
    </div>
  );
}
