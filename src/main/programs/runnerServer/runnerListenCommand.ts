import { parseArgs } from 'node:util';
import { isLoopbackHost } from '../../system/isLoopbackHost';
import { parseHostPort } from '../../system/parseHostPort';
import { parseIntegerFlag } from '../../system/parseIntegerFlag';
import {
  DEFAULT_RUNNER_MAX_CONNECTIONS,
  DEFAULT_RUNNER_MAX_MESSAGE_BYTES,
  RUNNER_TOKEN_ENV,
} from '../../engine/transports/runnerServerDefaults';
import { startRunnerServer } from './startRunnerServer';

const USAGE = `usage: execbox runner --listen [HOST:]PORT [options]
  --listen [HOST:]PORT       serve the runner over WebSocket (host defaults to 127.0.0.1)
  --host HOST                interface to bind, overriding the one in --listen
  --token T                  the token clients must send (or set ${RUNNER_TOKEN_ENV}); required
  --max-message-bytes N      largest message either way (default ${DEFAULT_RUNNER_MAX_MESSAGE_BYTES})
  --max-connections N        connections open at once (default ${DEFAULT_RUNNER_MAX_CONNECTIONS})`;

/** `execbox runner --listen`: the QuickJS runner as a WebSocket server, one session per connection. */
export default async function runnerListenCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      listen: { type: 'string' },
      host: { type: 'string' },
      token: { type: 'string' },
      'max-message-bytes': { type: 'string' },
      'max-connections': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.listen) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const token = values.token ?? process.env[RUNNER_TOKEN_ENV];
  if (!token) {
    process.stderr.write(
      `execbox runner: refusing to listen without a token; pass --token T or set ${RUNNER_TOKEN_ENV}\n`,
    );
    return 2;
  }
  const address = parseHostPort(values.listen);
  const host = values.host ?? address.host;
  const server = await startRunnerServer({
    host,
    port: address.port,
    token,
    maxMessageBytes: parseIntegerFlag('max-message-bytes', values['max-message-bytes'], 1024),
    maxConnections: parseIntegerFlag('max-connections', values['max-connections'], 1),
    log: (line) => process.stderr.write(`execbox runner: ${line}\n`),
  });
  if (!isLoopbackHost(host)) {
    process.stderr.write(
      `\n  WARNING: the runner listens on ${host}, reachable from other machines.\n` +
        '  Anyone with the token can run code on this machine; the connection is not encrypted (use a TLS proxy).\n\n',
    );
  }
  process.stdout.write(`execbox runner listening on ${server.url}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}
