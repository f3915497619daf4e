import type { ServerResponse } from 'node:http';

const REALM = 'execbox-playground';
const HOW = 'send the token as the header "Authorization: Bearer TOKEN" (the Agents panel shows it)';

/**
 * A 401 as RFC 6750 has it: `WWW-Authenticate: Bearer`, with `error="invalid_token"` and a
 * description when a token came and was wrong (and no error code when none came, section 3.1). It
 * names no authorization server, so clients ask for the token instead of starting an OAuth flow.
 */
export function refuseUnauthorized(response: ServerResponse, tokenSent: boolean): void {
  const message = tokenSent ? `the token is wrong: ${HOW}` : `the token is missing: ${HOW}`;
  const challenge = tokenSent
    ? `Bearer realm="${REALM}", error="invalid_token", error_description="the token is wrong"`
    : `Bearer realm="${REALM}"`;
  response
    .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': challenge })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }));
}
