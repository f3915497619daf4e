/**
 * How a masked secret value reads wherever the host passes text on: `«secret:NAME»`. The name is
 * safe to show (names are visible in the UI; values never are), and it tells a view which secret a
 * person may ask the host to reveal.
 */
export const SECRET_MASK_OPEN = '«secret:';
export const SECRET_MASK_CLOSE = '»';

export function secretMaskToken(name: string): string {
  return `${SECRET_MASK_OPEN}${name}${SECRET_MASK_CLOSE}`;
}

const TOKEN_PATTERN = /«secret:([A-Za-z_][A-Za-z0-9_]*)»/g;

/** The secret names masked in a text, without duplicates, in order of first appearance. */
export function maskedSecretNamesIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(TOKEN_PATTERN), (match) => match[1] as string))];
}

/** Puts revealed values back in place of their tokens; tokens of secrets not revealed stay. */
export function revealMaskedSecrets(text: string, revealed: ReadonlyMap<string, string>): string {
  if (revealed.size === 0 || !text.includes(SECRET_MASK_OPEN)) return text;
  return text.replace(TOKEN_PATTERN, (token, name: string) => revealed.get(name) ?? token);
}
