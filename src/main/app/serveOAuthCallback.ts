import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SignInOutcome } from '../providers/mcp/OAuthSignIns';

export const OAUTH_CALLBACK_PATH = '/oauth/callback';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page the authorization server sends the browser back to: it hands the code and state to the
 * sign-in waiting for them and says, in words, whether it worked. It needs no token: only a sign-in
 * this host started (its random, single-use `state`) is taken.
 */
export async function serveOAuthCallback(
  request: IncomingMessage,
  response: ServerResponse,
  complete: (query: URLSearchParams) => Promise<SignInOutcome>,
): Promise<void> {
  if (request.method !== 'GET') {
    response.writeHead(405, { allow: 'GET' }).end();
    return;
  }
  const query = new URL(request.url ?? '/', 'http://x').searchParams;
  const outcome = await complete(query);
  const title = outcome.ok ? 'Signed in' : 'Sign-in failed';
  response
    .writeHead(outcome.ok ? 200 : 400, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    .end(
      `<!doctype html><meta charset="utf-8"><title>${title} · Execbox Playground</title>` +
        `<body style="font: 16px system-ui; margin: 3em"><h1>${title}</h1><p role="status">${escapeHtml(outcome.message)}</p>`,
    );
}
