import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { PlaygroundHost } from '../../app/createPlaygroundHost';
import { checkToken } from '../../system/checkToken';
import { isLoopbackHost } from '../../system/isLoopbackHost';
import { startPlaygroundServer } from '../browserServer/startPlaygroundServer';
import { resolveConfigDir } from '../../system/resolveConfigDir';
import { OAuthSignIns, type McpOAuthContext } from '../../providers/mcp/OAuthSignIns';
import { OAUTH_CALLBACK_PATH } from '../../app/serveOAuthCallback';
import { killDescendants } from '../../system/killDescendants';
import { onNextStopSignal, stopWithin } from '../../system/stopWithin';

/** Everything serve started is gone this long after SIGTERM, stopped in order or not. */
const STOP_DEADLINE_MS = 5000;

const DEFAULT_PORT = 5177;

const USAGE = `usage: execbox serve [--port N] [--token T] [--host ADDRESS --allow-remote] [--workspace FILE] [--config-dir DIR]
  --port N          port to listen on (default 5177; 0 picks a free one)
  --agent-port N    port of the agents' MCP endpoint, kept for later starts (default: the kept one, else 5178)
  --token T         the session token in the link (default $EXECBOX_TOKEN, else a new random one each start);
                    a fixed token keeps an open page's link working across restarts (at least 16 characters)
  --host ADDRESS    address to bind (default 127.0.0.1)
  --allow-remote    required to bind anything but a loopback address
  --workspace FILE  open this *.execbox.json (default: the last one, else the demo)
  --config-dir DIR  where secrets, trust answers and the demo live (default: $EXECBOX_CONFIG_DIR or ~/.config/execbox-playground)`;

function parsePort(text: string, flag = '--port'): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new Error(`${flag} must be a number from 0 to 65535 (got ${text})`);
  return port;
}

/** The built renderer: out/renderer, found from this bundle (out/main/cli.js or one of its chunks). */
function rendererDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth++) {
    if (existsSync(path.join(dir, 'renderer', 'index.html'))) return path.join(dir, 'renderer');
    dir = path.dirname(dir);
  }
  throw new Error('the renderer is not built (no out/renderer/index.html); run `npm run build` first');
}

async function startHost(
  configDir: string,
  workspace: string | undefined,
  personPresent: () => boolean,
  oauth: McpOAuthContext,
): Promise<PlaygroundHost> {
  const [{ createDefaultPlaygroundHost }, { createDefaultExecutorFactory }, { createFileSecretStore }] =
    await Promise.all([
      import('../../app/createDefaultPlaygroundHost'),
      import('../../engine/executors/createDefaultExecutorFactory'),
      import('../../secrets/createFileSecretStore'),
    ]);
  return createDefaultPlaygroundHost({
    configDir,
    secretStore: createFileSecretStore(configDir),
    createExecutor: createDefaultExecutorFactory(),
    personPresent,
    oauth,
    ...(workspace ? { workspacePath: path.resolve(workspace) } : {}),
  });
}

/** `execbox serve`: the playground in a browser, on loopback, guarded by a token. */
export default async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      'agent-port': { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'allow-remote': { type: 'boolean', default: false },
      workspace: { type: 'string' },
      'config-dir': { type: 'string' },
      token: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  const port = values.port === undefined ? DEFAULT_PORT : parsePort(values.port);
  const agentPort =
    values['agent-port'] === undefined ? undefined : parsePort(values['agent-port'], '--agent-port');
  const bindHost = values.host;
  if (!isLoopbackHost(bindHost) && !values['allow-remote']) {
    throw new Error(
      `${bindHost} is not a loopback address: anyone who can reach it could drive this host; add --allow-remote if you mean it`,
    );
  }
  const token = checkToken(
    values.token ?? process.env.EXECBOX_TOKEN,
    values.token ? '--token' : 'EXECBOX_TOKEN',
  );
  const renderer = rendererDir();
  const configDir = values['config-dir'] ? path.resolve(values['config-dir']) : resolveConfigDir();
  // The host (workspace, providers and their SDKs, the runner pool) starts while the page loads.
  let pagesConnected = () => 0;
  // An MCP server's elicitation or sampling request is put to a person only while a page is open.
  // OAuth sign-in comes back to this server's own loopback callback, once its port is known.
  let callbackUrl = '';
  const oauth: McpOAuthContext = { redirectUrl: () => callbackUrl, signIns: new OAuthSignIns() };
  const hostReady = startHost(configDir, values.workspace, () => pagesConnected() > 0, oauth);
  hostReady.catch(() => undefined); // reported below, and to each call the page makes meanwhile
  let server;
  try {
    const start = (onPort: number) =>
      startPlaygroundServer({
        host: hostReady,
        rendererDir: renderer,
        bindHost,
        port: onPort,
        allowRemote: values['allow-remote'],
        oauthCallback: (query) => oauth.signIns.complete(query),
        ...(token ? { token } : {}),
      });
    // The default port may be taken (a second playground): then any free port will do; an explicit one must fail.
    server = await start(port).catch((error: unknown) => {
      if (values.port === undefined && (error as NodeJS.ErrnoException).code === 'EADDRINUSE')
        return start(0);
      throw error;
    });
  } catch (error) {
    await hostReady.then(
      (host) => host.dispose(),
      () => undefined,
    );
    throw error;
  }
  if (!isLoopbackHost(bindHost)) {
    const bar = '!'.repeat(78);
    process.stderr.write(
      `${bar}\n!! WARNING: listening on ${bindHost}, not just this computer. Anyone on the network who gets\n` +
        `!! the token can run code and tools with your secrets here. Stop it with Ctrl+C when done.\n${bar}\n`,
    );
  }
  const started = server;
  callbackUrl = `http://127.0.0.1:${server.port}${OAUTH_CALLBACK_PATH}`;
  pagesConnected = () => started.pagesConnected();
  process.stdout.write(`Execbox Playground (browser mode): ${server.url}\n`);
  let host: PlaygroundHost;
  try {
    host = await hostReady;
  } catch (error) {
    await server.close();
    throw error;
  }
  // Agents reach the same host over MCP (loopback only, even when the page is served further).
  const { startAgentEndpoint } = await import('../mcp/startAgentEndpoint');
  const agents = await startAgentEndpoint({
    host,
    configDir,
    ...(agentPort !== undefined ? { port: agentPort } : {}),
  }).catch((error: unknown) => {
    process.stderr.write(
      `execbox serve: agents cannot connect (the MCP endpoint did not start): ${String(error)}\n`,
    );
    return undefined;
  });
  if (agents) process.stdout.write(`Agents (MCP): ${agents.url} (token in the Agents panel)\n`);
  const moved = (await host.services.runs.agentEndpoint())?.expectedPort;
  if (moved !== undefined)
    process.stderr.write(
      `execbox serve: port ${moved} of the agents' endpoint is taken, so it serves on ${agents!.port}: configurations pasted earlier do not reach it\n`,
    );
  await new Promise<void>((resolve) => onNextStopSignal(resolve));
  process.stdout.write('execbox serve: stopping\n');
  await stopWithin({
    deadlineMs: STOP_DEADLINE_MS,
    async stop() {
      await agents?.close();
      await server.close();
      await host.dispose();
    },
    force(why) {
      process.stderr.write(`execbox serve: ${why}; ending what it started and exiting\n`);
      killDescendants(process.pid);
      process.exit(1);
    },
    onSignal: onNextStopSignal,
  });
  // Whatever outlived the orderly stop (a server's launcher that ignored it) goes too.
  killDescendants(process.pid);
  // Nothing may keep serve running once stopped: a handle left open elsewhere gets a second.
  setTimeout(() => process.exit(0), 1000).unref();
  return 0;
}
