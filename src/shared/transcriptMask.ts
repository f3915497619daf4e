import type { TranscriptEntry } from './transcript';
import type { TranscriptHeader } from './transcriptFile';

export const MASKED_VALUE = '«masked»';
export const MASKED_SECRET = '«secret»';

export interface MaskOptions {
  /** Object keys whose values are replaced wherever they appear, compared case-insensitively. */
  sensitiveKeys?: readonly string[];
  /** Secret values the host resolved: every occurrence inside any string is replaced. */
  secretValues?: readonly string[];
}

/**
 * Masks a transcript before it leaves the host: values under sensitive keys inside tool inputs and
 * results (at any depth), and every occurrence of a known secret value in any string, including the
 * code, logs, error messages and provider typings. Pure: returns copies.
 */
export function maskTranscript<Header extends TranscriptHeader | null>(
  header: Header,
  entries: readonly TranscriptEntry[],
  options: MaskOptions,
): { header: Header; entries: TranscriptEntry[] } {
  const keys = new Set((options.sensitiveKeys ?? []).map((key) => key.trim().toLowerCase()).filter(Boolean));
  // Longest first, so a secret that contains another is masked whole.
  const secrets = [...new Set(options.secretValues ?? [])]
    .filter((value) => value !== '')
    .sort((a, b) => b.length - a.length);
  const mask = (value: unknown): unknown => maskValue(value, keys, secrets, false);
  const masked = mask(header) as Header;
  if (masked) masked.masked = { keys: [...keys], secretValues: secrets.length };
  return { header: masked, entries: entries.map((entry) => mask(entry) as TranscriptEntry) };
}

/** Tool inputs and results (and guest results) are user data; keys are only masked inside them. */
const PAYLOAD_FIELDS = new Set(['input', 'result']);

function maskValue(
  value: unknown,
  keys: ReadonlySet<string>,
  secrets: readonly string[],
  inPayload: boolean,
): unknown {
  if (typeof value === 'string') return maskSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item) => maskValue(item, keys, secrets, inPayload));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (inPayload && keys.has(key.toLowerCase()) && item !== undefined) copy[key] = MASKED_VALUE;
    else copy[key] = maskValue(item, keys, secrets, inPayload || PAYLOAD_FIELDS.has(key));
  }
  return copy;
}

function maskSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets)
    if (result.includes(secret)) result = result.split(secret).join(MASKED_SECRET);
  return result;
}
