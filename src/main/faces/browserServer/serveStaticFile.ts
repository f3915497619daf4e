import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { contentTypeFor, findRendererFile } from '../../app/rendererFiles';

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
  const file = (await findRendererFile(root, pathname)) ?? (await findRendererFile(root, '/'));
  if (!file) {
    response
      .writeHead(404, { 'content-type': 'text/plain' })
      .end('the renderer is not built; run `npm run build`');
    return;
  }
  response.writeHead(200, {
    ...headers,
    'content-type': contentTypeFor(file),
    'cache-control': extname(file) === '.html' ? 'no-store' : 'max-age=3600',
  });
  if (request.method === 'HEAD') response.end();
  else createReadStream(file).pipe(response);
}
