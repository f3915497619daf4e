import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkToken } from '../../system/checkToken';
import { isLoopbackHost } from '../../system/isLoopbackHost';
import { keepStdoutFor } from '../../system/keepStdoutFor';
import { resolveConfigDir } from '../../system/resolveConfigDir';
import { parseRuntimeLimitFlags, RUNTIME_LIMIT_OPTIONS, RUNTIME_LIMIT_USAGE } from './runtimeLimitFlags';
import { asUsage, asUsageAsync, runCommandLine, UsageError } from './commandLine';

const USAGE = `usage: execbox mcp [--workspace W.execbox.json [--trust]] [--executor inprocess|worker|process]
                   ${RUNTIME_LIMIT_USAGE}
                   [--approve-all] [--transcript-dir DIR] [--http [HOST:]PORT [--allow-remote]] [--config-dir DIR]
       execbox mcp --connect URL [--silence-limit SECONDS]        (token in $EXECBOX_TOKEN)
  Serves the workspace's providers to an MCP client (an agent) as a code-mode server: the
  "execute" tool runs JavaScript against them in the sandbox, "typings" returns their declarations.
  stdio by default; --http serves Streamable HTTP at http://HOST:PORT/mcp (loopback unless
  --allow-remote) with a token: $EXECBOX_TOKEN (at least 16 of A-Z a-z 0-9 . _ ~ -), else one kept
  in the config folder (mcp-http-token) and printed on stderr; clients send Authorization: Bearer TOKEN.
  Calls to tools marked "ask before running" are refused (the agent reads why) unless
  --approve-all is given, or (with --http in a terminal) you answer yes at the prompt.
  --connect relays stdio to a running playground's endpoint (execbox serve or the app). Every
  request gets an answer: when the app refuses it, is not there, or goes away or stays silent
  (nothing at all, its pings unanswered) for --silence-limit seconds (default 30) while the request
  is under way, a JSON-RPC error says which.`;

export const TOKEN_ENV = 'EXECBOX_TOKEN';

function parse(args: string[]) {
  return asUsage(() =>
    parseArgs({
      args,
      allowPositionals: false,
      strict: true,
      options: {
        workspace: { type: 'string' },
        trust: { type: 'boolean' },
        'approve-all': { type: 'boolean' },
        executor: { type: 'string' },
        ...RUNTIME_LIMIT_OPTIONS,
        'transcript-dir': { type: 'string' },
        http: { type: 'string' },
        'allow-remote': { type: 'boolean' },
        connect: { type: 'string' },
        'silence-limit': { type: 'string' },
        'config-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
}

/** `[HOST:]PORT`, IPv6 hosts in brackets: `8080`, `127.0.0.1:8080`, `[::1]:8080`. */
export function parseListenAddress(text: string): { host: string; port: number } {
  const match = /^(?:(\[[^\]]+\]|[^:]+):)?(\d{1,5})$/.exec(text);
  const port = match ? Number(match[2]) : NaN;
  if (!match || port > 65535)
    throw new UsageError(`--http must be [HOST:]PORT with a port from 0 to 65535 (got '${text}')`);
  const host = (match[1] ?? '127.0.0.1').replace(/^\[|\]$/g, '');
  return { host, port };
}

function warn(message: string) {
  process.stderr.write(`execbox mcp: ${message}\n`);
}

async function untilStopped(extra: Promise<void>): Promise<void> {
  await Promise.race([
    extra,
    new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    }),
  ]);
}

/** $EXECBOX_TOKEN under the rules `serve` applies to a chosen token. */
function envToken(): string | undefined {
  return asUsage(() => checkToken(process.env[TOKEN_ENV], TOKEN_ENV));
}

/** `--silence-limit SECONDS`: a whole number from 1 to 3600, in milliseconds. */
export function parseSilenceLimit(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(seconds >= 1 && seconds <= 3600))
    throw new UsageError(`--silence-limit must be a whole number of seconds from 1 to 3600 (got '${text}')`);
  return seconds * 1000;
}

async function connect(url: string, silenceLimitMs: number | undefined): Promise<number> {
  const token = envToken();
  if (!token) throw new UsageError(`--connect needs the playground's token in $${TOKEN_ENV}`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--connect needs an http:// URL such as http://127.0.0.1:5177/mcp (got '${url}')`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`--connect needs an http:// or https:// URL (got '${url}')`);
  const { bridgeStdioToHttp } = await import('../mcp/bridgeStdioToHttp');
  await bridgeStdioToHttp({ url: parsed, token, warn, ...(silenceLimitMs ? { silenceLimitMs } : {}) });
  return 0;
}

async function serve(args: string[]): Promise<number> {
  const { values } = parse(args);
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.connect !== undefined) {
    const others = Object.keys(values).filter((key) => key !== 'connect' && key !== 'silence-limit');
    if (others.length > 0)
      throw new UsageError(
        `--connect takes no other options than --silence-limit (got --${others.join(', --')})`,
      );
    return connect(values.connect, parseSilenceLimit(values['silence-limit']));
  }
  if (values['silence-limit'] !== undefined) throw new UsageError('--silence-limit needs --connect');
  const { MCP_EXECUTORS } = await import('../mcp/openStandaloneMcpHost');
  const executor = values.executor as (typeof MCP_EXECUTORS)[number] | undefined;
  if (executor !== undefined && !MCP_EXECUTORS.includes(executor))
    throw new UsageError(`--executor must be one of ${MCP_EXECUTORS.join(', ')} (got '${values.executor}')`);
  if (values.trust && !values.workspace) throw new UsageError('--trust needs --workspace');
  const limits = parseRuntimeLimitFlags(values);
  const listen = values.http !== undefined ? parseListenAddress(values.http) : undefined;
  if (values['allow-remote'] && !listen) throw new UsageError('--allow-remote needs --http');
  if (listen && !isLoopbackHost(listen.host) && !values['allow-remote'])
    throw new UsageError(
      `${listen.host} is not a loopback address: anyone who can reach it could run code here; add --allow-remote if you mean it`,
    );
  const transcriptDir = values['transcript-dir'] ? path.resolve(values['transcript-dir']) : undefined;
  const chosenToken = listen ? envToken() : undefined;
  const configDir = values['config-dir'] ? path.resolve(values['config-dir']) : resolveConfigDir();

  const [{ openStandaloneMcpHost }, { createExecboxMcpServer }] = await Promise.all([
    import('../mcp/openStandaloneMcpHost'),
    import('../mcp/createExecboxMcpServer'),
  ]);
  const opened = await asUsageAsync(async () =>
    openStandaloneMcpHost({
      ...(values.workspace ? { workspace: path.resolve(values.workspace) } : {}),
      trust: values.trust ?? false,
      ...(executor ? { executor } : {}),
      configDir,
      warn,
      approveAll: values['approve-all'] ?? false,
      ...(listen && process.stdin.isTTY
        ? { ask: (await import('../../system/askOnTerminal')).terminalAsker() }
        : {}),
    }),
  );
  const { host } = opened;
  for (const warning of opened.warnings) warn(warning);
  const createServer = () =>
    createExecboxMcpServer({
      host,
      limits,
      ...(transcriptDir ? { transcriptDir } : {}),
      warn,
      refusal: opened.refusal,
    });
  try {
    if (listen) {
      const [{ startMcpHttpServer }, { readAgentToken, STANDALONE_TOKEN_FILE }] = await Promise.all([
        import('../mcp/startMcpHttpServer'),
        import('../mcp/readAgentToken'),
      ]);
      // Kept in the config folder unless chosen, so a pasted configuration outlives a restart.
      const token = chosenToken ?? (await readAgentToken(configDir, STANDALONE_TOKEN_FILE));
      const http = await startMcpHttpServer({
        createServer,
        bindHost: listen.host,
        port: listen.port,
        allowRemote: values['allow-remote'] ?? false,
        token,
      });
      process.stderr.write(
        `execbox mcp: serving ${opened.file} at ${http.url}\n` +
          (chosenToken
            ? ''
            : `execbox mcp: token ${http.token} (kept in ${path.join(configDir, STANDALONE_TOKEN_FILE)}; send it as Authorization: Bearer TOKEN)\n`),
      );
      await untilStopped(new Promise<void>(() => undefined));
      await http.close();
    } else {
      const [{ createStdioServerTransport }, { withProgressBarrier }] = await Promise.all([
        import('../mcp/createStdioServerTransport'),
        import('../mcp/withProgressBarrier'),
      ]);
      // stdout carries the protocol alone: console output of modules and handlers goes to stderr.
      keepStdoutFor();
      const server = createServer();
      const transport = withProgressBarrier(createStdioServerTransport());
      // Only the end of stdin closes the transport: the client went away.
      const clientGone = new Promise<void>((resolve) => (transport.onclose = resolve));
      await server.connect(transport);
      await untilStopped(clientGone);
      await server.close();
    }
  } finally {
    await host.dispose();
  }
  return 0;
}

/**
 * `execbox mcp`: the workspace as a code-mode MCP server. Exit code 0 when the client went away
 * or on Ctrl+C, 2 for a bad command line or a workspace that cannot be served.
 */
export default async function mcpCommand(args: string[]): Promise<number> {
  return runCommandLine('mcp', () => serve(args));
}
