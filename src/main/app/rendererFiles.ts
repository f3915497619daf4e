import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
}

/** The file a URL path names inside the built renderer, or undefined when it escapes `root` or is no file. */
export async function findRendererFile(root: string, pathname: string): Promise<string | undefined> {
  const base = normalize(root);
  const baseWithSep = base.endsWith(sep) ? base : base + sep;
  const file = normalize(join(base, pathname === '/' ? 'index.html' : pathname));
  if (!file.startsWith(baseWithSep)) return undefined;
  const isFile = await stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
  return isFile ? file : undefined;
}
