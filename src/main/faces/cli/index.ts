import { formatCliError } from './formatCliError';

type Command = (args: string[]) => Promise<number>;

/** Each subcommand lives in its own module, loaded only when used (the README test reads the names). */
export const COMMANDS: Record<string, { summary: string; load: () => Promise<{ default: Command }> }> = {
  run: {
    summary: 'run FILE: run guest code and print the ExecuteResult as JSON',
    load: () => import('./runCommand'),
  },
  runner: {
    summary: 'runner --stdio | --listen HOST:PORT: serve the QuickJS runner',
    load: () => import('./runnerCommand'),
  },
  mcp: {
    summary: 'mcp [--http [HOST:]PORT] | --connect URL: serve the workspace to agents over MCP',
    load: () => import('./mcpCommand'),
  },
  'import-mcp': {
    summary: 'import-mcp FILE --workspace W: add the MCP servers of a Claude, Cursor or VS Code config',
    load: () => import('./importMcpCommand'),
  },
  ask: {
    summary: 'ask "TASK" --workspace W --model NAME --base-url URL: a model writes and runs the tool code',
    load: () => import('./askCommand'),
  },
  serve: { summary: 'serve: start the playground in browser mode', load: () => import('./serveCommand') },
  replay: {
    summary: 'replay FILE.jsonl: re-run a transcript against its recording',
    load: () => import('./replayCommand'),
  },
  tap: {
    summary: 'tap [--transcript OUT.jsonl] -- RUNNER_CMD: record and check a live session',
    load: () => import('./tapCommand'),
  },
  conformance: {
    summary: 'conformance --stdio CMD | --ws URL: check a runner against the spec',
    load: () => import('./conformanceCommand'),
  },
  'tpmjs-executor': {
    summary: 'tpmjs-executor --port N: serve the TPMJS executor protocol',
    load: () => import('./tpmjsExecutorCommand'),
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([, c]) => `  execbox ${c.summary}`);
  return ['usage:', ...lines].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`execbox: unknown command '${name}'\n${usage()}\n`);
    return 2;
  }
  try {
    return await (await command.load()).default(rest);
  } catch (error) {
    process.stderr.write(`execbox ${name}: ${formatCliError(error)}\n`);
    return 1;
  }
}
