import type { TranscriptEntry } from './transcript';
import type { TranscriptHeader } from './transcriptFile';

export const MASKED_VALUE = '«masked»';

/** The host's secret masker (src/main/secrets/createSecretMasker.ts): masks every known value in strings and keys. */
export interface SecretMaskerLike {
  readonly size: number;
  mask<T>(value: T): T;
}

export interface MaskOptions {
  /** Object keys whose values are replaced wherever they appear, compared case-insensitively. */
  sensitiveKeys?: readonly string[];
  /** Masks every known secret value in any string or object key. */
  secrets?: SecretMaskerLike;
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
  const secrets = options.secrets;
  const mask = (value: unknown): unknown => {
    const keyed = keys.size > 0 ? maskKeys(value, keys, false) : value;
    return secrets ? secrets.mask(keyed) : keyed;
  };
  const masked = (header ? { ...(mask(header) as TranscriptHeader) } : header) as Header;
  if (masked) masked.masked = { keys: [...keys], secretValues: secrets?.size ?? 0 };
  return { header: masked, entries: entries.map((entry) => mask(entry) as TranscriptEntry) };
}

/** Tool inputs and results (and guest results) are user data; keys are only masked inside them. */
const PAYLOAD_FIELDS = new Set(['input', 'result']);

function maskKeys(value: unknown, keys: ReadonlySet<string>, inPayload: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => maskKeys(item, keys, inPayload));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const masked =
      inPayload && keys.has(key.toLowerCase()) && item !== undefined
        ? MASKED_VALUE
        : maskKeys(item, keys, inPayload || PAYLOAD_FIELDS.has(key));
    // defineProperty, not assignment: a key named "__proto__" stays an ordinary key.
    Object.defineProperty(copy, key, { value: masked, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
