import { usePlaygroundStore } from '../../../state/store';
import { useProviderViews } from '../../../state/providerViews';
import { McpTrafficView } from './McpTrafficView';

/** An MCP server's raw traffic, wide, in the pane beside the editor; pick which server. */
export function McpTrafficPanel() {
  const providers = usePlaygroundStore((s) => s.providers).filter((p) => p.kind === 'mcp');
  const chosen = useProviderViews((s) => s.wideTraffic);
  const showWide = useProviderViews((s) => s.showWideTraffic);
  const provider = providers.find((p) => p.id === chosen) ?? providers[0];
  if (!provider)
    return <div className="pane-empty">No MCP server in this workspace: add one under Providers.</div>;
  return (
    <div className="mcp-traffic-panel">
      <label className="field-inline">
        MCP server
        <select value={provider.id} onChange={(e) => showWide(e.target.value)}>
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <McpTrafficView key={provider.id} provider={provider} wide />
    </div>
  );
}
