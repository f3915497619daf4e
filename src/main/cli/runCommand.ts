export default async function runCommand(_args: string[]): Promise<number> {
  process.stderr.write('execbox: this command is not built yet\n');
  return 2;
}
