import type { McpResourceContent } from '../../../../shared/api/mcpInspect';
import { formatBytes } from '../../../../shared/format';
import { ValueViewer } from '../../../ui/values/ValueViewer';

function parsedJson(content: McpResourceContent): unknown {
  if (content.truncated || content.text === undefined || !/json/i.test(content.mimeType ?? ''))
    return undefined;
  try {
    return JSON.parse(content.text) as unknown;
  } catch {
    return undefined;
  }
}

/** One content of a read resource: JSON as a tree, text as text, an image drawn, other binaries by size. */
export function ResourceContentView({ content }: { content: McpResourceContent }) {
  const json = parsedJson(content);
  const image = content.blob !== undefined && /^image\//.test(content.mimeType ?? '');
  return (
    <div className="resource-content" data-testid="resource-content">
      <div className="muted">
        {content.uri} · {content.mimeType ?? 'no type'} · {formatBytes(content.bytes)}
        {content.truncated && ' · too large to show whole'}
      </div>
      {json !== undefined ? (
        <ValueViewer value={json} label="Resource JSON" />
      ) : content.text !== undefined ? (
        <pre className="resource-text">{content.text}</pre>
      ) : image ? (
        <img alt={content.uri} src={`data:${content.mimeType};base64,${content.blob}`} />
      ) : (
        <p className="muted">Binary content, {formatBytes(content.bytes)}.</p>
      )}
    </div>
  );
}
