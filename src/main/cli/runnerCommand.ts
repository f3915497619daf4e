export default async function runnerCommand(args: string[]): Promise<number> {
  if (args.some((arg) => arg === '--listen' || arg.startsWith('--listen='))) {
    return (await import('../network/runnerListenCommand')).default(args);
  }
  process.stderr.write('execbox: this command is not built yet\n');
  return 2;
}
