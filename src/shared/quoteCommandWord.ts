/** One word of a command line as a POSIX shell reads it back: bare when it is plain, else single-quoted. */
export function quoteCommandWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
