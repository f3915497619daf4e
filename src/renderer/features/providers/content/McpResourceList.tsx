import { useMemo } from 'react';
import { formatBytes } from '../../../../shared/format';
import { findMcpResources, type McpResource } from '../../../../shared/view/findMcpResources';

function ResourceItem({ resource }: { resource: McpResource }) {
  const details = [
    resource.kind === 'link' ? 'resource link' : 'embedded resource',
    resource.mimeType,
    resource.bytes !== undefined ? formatBytes(resource.bytes) : undefined,
  ].filter(Boolean);
  return (
    <li className="mcp-resource" data-testid="mcp-resource">
      <span>
        {/* The URI is the server's choice: shown as text, never a link the user might follow. */}
        <code className="mcp-resource-uri">{resource.uri}</code> {details.join(', ')}{' '}
        <code className="muted">{resource.path}</code>
      </span>
      {(resource.name || resource.description) && (
        <div className="muted">{[resource.name, resource.description].filter(Boolean).join(': ')}</div>
      )}
      {resource.text !== undefined && (
        <details>
          <summary>text{resource.truncated ? ' (first part)' : ''}</summary>
          <pre className="mcp-resource-text">{resource.text}</pre>
        </details>
      )}
    </li>
  );
}

/** The MCP resource links and embedded resources inside a value: URI, type and text. */
export function McpResourceList({ value }: { value: unknown }) {
  const resources = useMemo(() => findMcpResources(value), [value]);
  if (resources.length === 0) return null;
  return (
    <ul className="mcp-resource-list" aria-label="Resources in the value">
      {resources.map((item) => (
        <ResourceItem key={item.path} resource={item} />
      ))}
    </ul>
  );
}
