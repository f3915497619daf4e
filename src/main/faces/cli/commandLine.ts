import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type StrictWithPositionals<T extends Options> = {
  args: string[];
  options: T;
  allowPositionals: true;
  strict: true;
};

/** A bad command line: printed as one line, exit code 2. */
export class UsageError extends Error {}

/** `work`'s result; whatever it throws is said as a bad command line (a checker's refusal, a workspace that will not open). */
export function asUsage<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export async function asUsageAsync<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** `parseArgs`, strict, with positionals; an unknown or malformed flag is a UsageError. */
export function parseCommandLine<const T extends Options>(
  args: string[],
  options: T,
): ReturnType<typeof parseArgs<StrictWithPositionals<T>>> {
  return asUsage(() =>
    parseArgs<StrictWithPositionals<T>>({
      args,
      options,
      allowPositionals: true,
      strict: true,
    }),
  );
}

/** Says a bad command line on stderr as `execbox COMMAND: message` (then the usage, when given); exit code 2. */
export function printUsageError(command: string, message: string, usage?: string): number {
  process.stderr.write(`execbox ${command}: ${message}\n${usage === undefined ? '' : `${usage}\n`}`);
  return 2;
}

/** Runs a command's body; a UsageError it throws is printed, exit code 2. */
export async function runCommandLine(command: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return printUsageError(command, error.message);
  }
}
