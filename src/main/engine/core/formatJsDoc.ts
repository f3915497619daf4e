/**
 * A JSDoc block for untrusted text: nothing in `lines` can end the comment early (`*\/` is
 * escaped) or smuggle code onto a following line (every line break, including U+2028/U+2029, starts
 * a new ` * ` line). Returns '' when there is nothing to say.
 */
export function formatJsDoc(lines: readonly (string | undefined)[], indent: string): string {
  const text = lines
    .filter((line): line is string => typeof line === 'string' && line.trim().length > 0)
    .join('\n\n')
    .replace(/\*\//g, '*\\/')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n');
  if (!text) return '';
  const body = text
    .split('\n')
    .map((line) => `${indent} *${line ? ` ${line.trimEnd()}` : ''}`)
    .join('\n');
  return `${indent}/**\n${body}\n${indent} */\n`;
}
