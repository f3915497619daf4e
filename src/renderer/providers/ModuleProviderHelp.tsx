import { MODULE_PROVIDER_EXAMPLE, MODULE_PROVIDER_SHAPE_HINT } from '../../shared/view/moduleProviderExample';

/** What a module file must export, with an example to copy, under the module file field. */
export function ModuleProviderHelp() {
  return (
    <div className="module-provider-help">
      <p className="field-hint">{MODULE_PROVIDER_SHAPE_HINT}</p>
      <details>
        <summary>Show an example</summary>
        <pre className="module-provider-example">
          <code>{MODULE_PROVIDER_EXAMPLE}</code>
        </pre>
      </details>
    </div>
  );
}
