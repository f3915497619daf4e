import { parse } from 'shell-quote';

export type CommandLineWords = { ok: true; command: string; args: string[] } | { ok: false; reason: string };

/**
 * A command line as a person types it (`python3 "my runner.py" --fast`) split into the program and
 * its arguments as a POSIX shell would (quotes, escapes), for starting it without a shell: an
 * operator, a glob, a variable or a comment would need one, and is refused naming it.
 */
export function splitCommandLine(text: string): CommandLineWords {
  const words: string[] = [];
  // A variable comes back as an operator (shell-quote takes a function here, though its types do not say so).
  const variable = (name: string) => ({ op: `$${name}` });
  for (const word of parse(text.trim(), variable as never)) {
    if (typeof word === 'string') {
      words.push(word);
      continue;
    }
    const what =
      'comment' in word ? `a comment (#${word.comment})` : `'${'pattern' in word ? word.pattern : word.op}'`;
    return {
      ok: false,
      reason: `${what} needs a shell, and the runner command is started without one (give the program and its arguments, or wrap it: sh -c '…')`,
    };
  }
  const [command, ...args] = words;
  if (!command) return { ok: false, reason: 'give the runner command, e.g. python3 runner.py' };
  return { ok: true, command, args };
}
