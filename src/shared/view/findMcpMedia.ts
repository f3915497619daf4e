/** An MCP image or audio content item found inside a value. */
export interface McpMedia {
  /** JSON-path-like location: `$`, `$[0]`, `$.content[1]`. */
  path: string;
  kind: 'image' | 'audio';
  mimeType: string;
  /** Decoded size of the base64 data. */
  bytes: number;
  data: string;
}

const MAX_ITEMS = 20;
const MAX_DEPTH = 6;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Only types a browser shows without running anything (no SVG: it can carry script). */
const SAFE_MIME = /^(image\/(png|jpeg|gif|webp|bmp)|audio\/(wav|x-wav|mpeg|mp3|ogg|webm|flac|aac|mp4))$/;

function decodedBytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

function asMedia(value: Record<string, unknown>, path: string): McpMedia | undefined {
  const { type, data, mimeType } = value;
  if ((type !== 'image' && type !== 'audio') || typeof data !== 'string' || typeof mimeType !== 'string')
    return undefined;
  if (!SAFE_MIME.test(mimeType) || !mimeType.startsWith(type) || !BASE64.test(data)) return undefined;
  return { path, kind: type, mimeType, bytes: decodedBytes(data), data };
}

/**
 * MCP `image` / `audio` content items (base64 `data` with a `mimeType`) anywhere in a value, so a
 * result can show "image/png, 1.2 KiB" with a preview instead of a wall of base64. Bounded in
 * depth and count; only plain image and audio types qualify.
 */
export function findMcpMedia(value: unknown): McpMedia[] {
  const found: McpMedia[] = [];
  const visit = (node: unknown, path: string, depth: number): void => {
    if (found.length >= MAX_ITEMS || depth > MAX_DEPTH || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, `${path}[${i}]`, depth + 1));
      return;
    }
    const media = asMedia(node as Record<string, unknown>, path);
    if (media) {
      found.push(media);
      return;
    }
    for (const [key, child] of Object.entries(node)) visit(child, `${path}.${key}`, depth + 1);
  };
  visit(value, '$', 0);
  return found;
}
