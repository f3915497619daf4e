/**
 * The revision of a text as both the host and the renderer compute it: a 64-bit FNV-1a digest of
 * its UTF-16 code units plus the length. A writer sends the revision of the text it last saw; the
 * host refuses the write when its current text has another revision (someone else wrote first).
 */
export function textRevision(text: string): string {
  let low = 0x811c9dc5;
  let high = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    low = Math.imul(low ^ unit, 0x01000193) >>> 0;
    high = Math.imul(high ^ (unit + i), 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}-${high.toString(16).padStart(8, '0')}${low.toString(16).padStart(8, '0')}`;
}
