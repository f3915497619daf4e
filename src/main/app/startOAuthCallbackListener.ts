import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SignInOutcome } from '../providers/mcp/OAuthSignIns';
import { OAUTH_CALLBACK_PATH, serveOAuthCallback } from './serveOAuthCallback';

export interface OAuthCallbackListener {
  /** `http://127.0.0.1:PORT/oauth/callback`. */
  url: string;
  close(): Promise<void>;
}

/**
 * The desktop app's loopback callback for OAuth sign-in (browser mode serves the same page on its
 * own server): 127.0.0.1 on a free port, one path, nothing else answered.
 */
export async function startOAuthCallbackListener(
  complete: (query: URLSearchParams) => Promise<SignInOutcome>,
): Promise<OAuthCallbackListener> {
  const server = createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://x').pathname !== OAUTH_CALLBACK_PATH) {
      response.writeHead(404).end();
      return;
    }
    serveOAuthCallback(request, response, complete).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${OAUTH_CALLBACK_PATH}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
