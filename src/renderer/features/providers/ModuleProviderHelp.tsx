import { useState } from 'react';
import {
  MODULE_PROVIDER_EXAMPLE,
  MODULE_PROVIDER_EXAMPLE_FILE,
  MODULE_PROVIDER_FIELDS,
  MODULE_PROVIDER_RULES,
  MODULE_PROVIDER_SHAPE_HINT,
} from '../../../shared/view/moduleProviderExample';

/** What a module file must export, with an example to copy, under the module file field. */
export function ModuleProviderHelp() {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const copy = () =>
    void navigator.clipboard.writeText(MODULE_PROVIDER_EXAMPLE).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  return (
    <div className="module-provider-help">
      <p className="field-hint">{MODULE_PROVIDER_SHAPE_HINT}</p>
      <details>
        <summary>What the file must export, with an example</summary>
        <dl className="module-provider-fields">
          {MODULE_PROVIDER_FIELDS.map(({ field, meaning }) => (
            <div key={field}>
              <dt>
                <code>{field}</code>
              </dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
        <p className="field-hint">{MODULE_PROVIDER_RULES}</p>
        <pre className="module-provider-example">
          <code>{MODULE_PROVIDER_EXAMPLE}</code>
        </pre>
        <div className="module-provider-actions">
          <button type="button" onClick={copy}>
            {copied === 'copied' ? 'Copied' : 'Copy example'}
          </button>
          {copied === 'failed' && <span className="field-error">The browser did not allow copying.</span>}
          <span className="field-hint">
            A complete example with an output schema and errors: <code>{MODULE_PROVIDER_EXAMPLE_FILE}</code>{' '}
            in the Execbox Playground repository.
          </span>
        </div>
      </details>
    </div>
  );
}
