import { base64DecodedBytes } from './base64DecodedBytes';
import { findContentItems } from './findContentItems';

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

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Only types a browser shows without running anything (no SVG: it can carry script). */
const SAFE_MIME = /^(image\/(png|jpeg|gif|webp|bmp)|audio\/(wav|x-wav|mpeg|mp3|ogg|webm|flac|aac|mp4))$/;

function asMedia(value: Record<string, unknown>, path: string): McpMedia | undefined {
  const { type, data, mimeType } = value;
  if ((type !== 'image' && type !== 'audio') || typeof data !== 'string' || typeof mimeType !== 'string')
    return undefined;
  if (!SAFE_MIME.test(mimeType) || !mimeType.startsWith(type) || !BASE64.test(data)) return undefined;
  return { path, kind: type, mimeType, bytes: base64DecodedBytes(data), data };
}

/**
 * MCP `image` / `audio` content items (base64 `data` with a `mimeType`) anywhere in a value, so a
 * result can show "image/png, 1.2 KiB" with a preview instead of a wall of base64. Bounded in
 * depth and count; only plain image and audio types qualify.
 */
export function findMcpMedia(value: unknown): McpMedia[] {
  return findContentItems(value, asMedia);
}
