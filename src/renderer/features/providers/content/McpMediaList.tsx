import { useMemo, useState } from 'react';
import { formatBytes } from '../../../../shared/format';
import { findMcpMedia, type McpMedia } from '../../../../shared/view/findMcpMedia';

function MediaItem({ media }: { media: McpMedia }) {
  const [shown, setShown] = useState(false);
  const source = `data:${media.mimeType};base64,${media.data}`;
  return (
    <li className="mcp-media" data-testid="mcp-media">
      <span>
        {media.mimeType}, {formatBytes(media.bytes)} <code className="muted">{media.path}</code>
      </span>{' '}
      <button className="link" aria-expanded={shown} onClick={() => setShown(!shown)}>
        {shown ? 'hide' : media.kind === 'image' ? 'show image' : 'play'}
      </button>
      {shown &&
        (media.kind === 'image' ? (
          <img className="mcp-media-preview" src={source} alt={`${media.kind} at ${media.path}`} />
        ) : (
          <audio controls src={source} aria-label={`audio at ${media.path}`} />
        ))}
    </li>
  );
}

/** The MCP images and audio inside a value, each as "image/png, 1.2 KiB" with a preview on demand. */
export function McpMediaList({ value }: { value: unknown }) {
  const media = useMemo(() => findMcpMedia(value), [value]);
  if (media.length === 0) return null;
  return (
    <ul className="mcp-media-list" aria-label="Images and audio in the value">
      {media.map((item) => (
        <MediaItem key={item.path} media={item} />
      ))}
    </ul>
  );
}
