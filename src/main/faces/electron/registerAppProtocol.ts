import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { contentSecurityPolicy } from '../../app/contentSecurityPolicy';
import { contentTypeFor, findRendererFile } from '../../app/rendererFiles';
import { APP_HOST, APP_SCHEME } from './appScheme';

/** Must run before the app is ready: makes app:// a secure, standard origin (workers, fetch, storage). */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/** Serves the built renderer on app://renderer/ with the strict CSP; nothing outside `rendererDir`. */
export function createAppProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('not found', { status: 404 });
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return new Response('bad path', { status: 400 });
    }
    const file = await findRendererFile(rendererDir, pathname);
    if (!file) return new Response('not found', { status: 404 });
    return new Response(new Uint8Array(await readFile(file)), {
      headers: {
        'content-type': contentTypeFor(file),
        'content-security-policy': contentSecurityPolicy(),
        'x-content-type-options': 'nosniff',
      },
    });
  };
}

export function registerAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(rendererDir));
}
