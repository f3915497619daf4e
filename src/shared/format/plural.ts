const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole number with thousands separators: `1,234`. */
export function formatCount(n: number): string {
  return Number.isFinite(n) ? counts.format(n) : '–';
}

/**
 * A count with its noun, singular or plural: `plural(1, 'tool')` → "1 tool", `plural(3, 'tool')` →
 * "3 tools", `plural(2, 'entry', 'entries')` → "2 entries".
 */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : pluralForm}`;
}
