const USAGE = [
  'usage: execbox runner --stdio | --listen [HOST:]PORT [--token T] [options]',
  '  --stdio                  speak the protocol as JSON lines on stdin/stdout (diagnostics on stderr)',
  '  --log-stream             with --stdio: also stream console output while code runs (an extension',
  '                           only the execbox host understands; off, the protocol is exactly the spec)',
  '  --listen [HOST:]PORT     serve it over WebSocket; needs --token or EXECBOX_RUNNER_TOKEN',
  '  --max-message-bytes N    with --listen: largest message accepted',
  '  --max-connections N      with --listen: connections served at once',
].join('\n');

/**
 * `execbox runner --stdio`: the QuickJS runner speaking the protocol as JSON lines on stdin/stdout
 * (diagnostics on stderr) until stdin ends. `--listen` serves it over WebSocket instead.
 */
export default async function runnerCommand(args: string[]): Promise<number> {
  if (args.some((arg) => arg === '--listen' || arg.startsWith('--listen='))) {
    return (await import('../../programs/runnerServer/runnerListenCommand')).default(args);
  }
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const stdioOptions = new Set(['--stdio', '--log-stream']);
  if (args.includes('--stdio') && args.every((arg) => stdioOptions.has(arg))) {
    const { serveRunnerOverStdio } = await import('../../../runner/serveRunnerOverStdio');
    await serveRunnerOverStdio({ logStream: args.includes('--log-stream') });
    return 0;
  }
  const unknown = args.find((arg) => !stdioOptions.has(arg));
  process.stderr.write(
    `execbox runner: ${unknown ? `unknown option '${unknown}'` : 'choose a transport'}\n${USAGE}\n`,
  );
  return 2;
}
