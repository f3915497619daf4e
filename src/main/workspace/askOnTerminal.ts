import { createInterface } from 'node:readline/promises';

/** A yes/no question on the terminal (stderr, so stdout stays the run's JSON); "no" unless answered y/yes. */
export async function askOnTerminal(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await prompt.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}

/** The prompt when a person is at a terminal; none when input is piped (then trust must be given up front). */
export function terminalAsker(): ((question: string) => Promise<boolean>) | undefined {
  return process.stdin.isTTY ? askOnTerminal : undefined;
}
