import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Serves one file of the built renderer; unknown paths get index.html (a single-page app). */
export async function serveStaticFile(
  root: string,
  request: IncomingMessage,
  response: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  } catch {
    response.writeHead(400).end('bad path');
    return;
  }
  const rootWithSep = root.endsWith(sep) ? root : root + sep;
  let file = normalize(join(root, pathname));
  if (!file.startsWith(rootWithSep) || !(await isFile(file))) file = join(root, 'index.html');
  if (!(await isFile(file))) {
    response
      .writeHead(404, { 'content-type': 'text/plain' })
      .end('the renderer is not built; run `npm run build`');
    return;
  }
  response.writeHead(200, {
    ...headers,
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': extname(file) === '.html' ? 'no-store' : 'max-age=3600',
  });
  if (request.method === 'HEAD') response.end();
  else createReadStream(file).pipe(response);
}
