/** Prefixes of well-known token formats (GitHub, OpenAI/Stripe, Slack, AWS, Google, GitLab, npm, Hugging Face, …). */
const TOKEN_PREFIXES: readonly RegExp[] = [
  /^gh[pousr]_[A-Za-z0-9]{20,}/,
  /^github_pat_[A-Za-z0-9_]{20,}/,
  /^sk-[A-Za-z0-9_-]{16,}/,
  /^(sk|pk|rk)_(live|test)_[A-Za-z0-9]{10,}/,
  /^xox[abposr]-[A-Za-z0-9-]{10,}/,
  /^(AKIA|ASIA)[A-Z0-9]{16}$/,
  /^AIza[A-Za-z0-9_-]{30,}/,
  /^glpat-[A-Za-z0-9_-]{16,}/,
  /^npm_[A-Za-z0-9]{30,}/,
  /^hf_[A-Za-z0-9]{30,}/,
  /^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
];

/** Variable or header names that say they hold a credential. */
const CREDENTIAL_NAME =
  /(token|secret|passw(or)?d|pwd|api[-_]?key|apikey|auth|credential|private[-_]?key|access[-_]?key)/i;

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * Why a plain configuration value looks like a credential that belongs in the secret store, or
 * undefined. `name` is the environment variable or header it is set under. Values that already
 * refer to a secret (`${secret:NAME}`) never do.
 */
export function looksLikeCredential(name: string, value: string): string | undefined {
  const text = value.replace(/^(Bearer|Basic|token)\s+/i, '').trim();
  if (text.length < 8 || value.includes('${secret:')) return undefined;
  if (TOKEN_PREFIXES.some((prefix) => prefix.test(text))) return 'it has the form of a well-known token';
  if (/\s/.test(text)) return undefined;
  if (CREDENTIAL_NAME.test(name) && !/^(true|false|yes|no|on|off|\d+)$/i.test(text))
    return `its name, ${name}, says it is a credential`;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(text)).length;
  if (text.length >= 20 && classes >= 3 && entropy(text) >= 4 && !/^[a-z]+:\/\//i.test(text))
    return 'it looks random, like a key';
  return undefined;
}

/** A secret name for a value set under `name`: letters, digits and underscores, upper case. */
export function suggestSecretName(name: string, taken: readonly string[]): string {
  const base =
    name
      .toUpperCase()
      .replace(/[^A-Z0-9_]+/g, '_')
      .replace(/^([0-9])/, '_$1') || 'SECRET';
  let candidate = base;
  for (let n = 2; taken.includes(candidate); n += 1) candidate = `${base}_${n}`;
  return candidate;
}
