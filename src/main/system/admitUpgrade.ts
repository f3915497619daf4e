import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { bearerToken } from './bearerToken';
import { refuseUpgrade } from './refuseUpgrade';
import { tokensMatch } from './tokensMatch';

export interface UpgradeRules {
  /** Every connection presents it as `Authorization: Bearer <token>`. */
  token: string;
  /** Connections open (or being opened) now, and how many may be. */
  open: number;
  maxConnections: number;
  log(line: string): void;
}

/**
 * A runner server's rules for a WebSocket upgrade: the token first (401), then room for one more
 * connection (503). A refusal is answered here; an admitted request gets back its peer's address.
 */
export function admitUpgrade(
  request: IncomingMessage,
  socket: Duplex,
  rules: UpgradeRules,
): string | undefined {
  const peer = `${request.socket.remoteAddress}:${request.socket.remotePort}`;
  socket.on('error', (error) => rules.log(`${peer}: ${error.message}`));
  if (!tokensMatch(bearerToken(request.headers.authorization), rules.token)) {
    rules.log(`refused ${peer}: missing or wrong token`);
    refuseUpgrade(socket, 401, 'Unauthorized');
    return undefined;
  }
  if (rules.open >= rules.maxConnections) {
    rules.log(`refused ${peer}: ${rules.maxConnections} connections already open`);
    refuseUpgrade(socket, 503, 'Service Unavailable');
    return undefined;
  }
  return peer;
}
