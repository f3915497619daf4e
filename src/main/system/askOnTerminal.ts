import { createInterface } from 'node:readline/promises';

/** One line typed at the terminal (the prompt on stderr, so stdout stays the run's JSON). */
export async function questionOnTerminal(question: string): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await prompt.question(question);
  } finally {
    prompt.close();
  }
}

/** A yes/no question on the terminal; "no" unless answered y/yes. */
export async function askOnTerminal(question: string): Promise<boolean> {
  return /^y(es)?$/i.test((await questionOnTerminal(`${question} [y/N] `)).trim());
}

/** The prompt when a person is at a terminal; none when input is piped (then trust must be given up front). */
export function terminalAsker(): ((question: string) => Promise<boolean>) | undefined {
  return process.stdin.isTTY ? askOnTerminal : undefined;
}
