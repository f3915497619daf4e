import { describe, expect, it } from 'vitest';
import { createSecretMasker } from '../../src/main/secrets/createSecretMasker';
import { createStreamedTextMasker } from '../../src/main/secrets/createStreamedTextMasker';

const masker = createSecretMasker([
  ['SHORT', 'abcd'],
  ['LONG', 'abcdefgh-0123'],
]);

function streamInPieces(text: string, cuts: number[]): string[] {
  const streamed = createStreamedTextMasker(() => masker);
  const out: string[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    out.push(streamed.push(text.slice(from, cut)));
    from = cut;
  }
  out.push(streamed.flush());
  return out;
}

describe('createStreamedTextMasker', () => {
  const text = 'key abcdefgh-0123 and abcd, then abcdefgh-01 (not whole) and abcd';
  const masked = masker.maskText(text);

  it('passes on the masked text whole, wherever the stream is cut', () => {
    for (let a = 0; a <= text.length; a += 1)
      for (let b = a; b <= text.length; b += 5) expect(streamInPieces(text, [a, b]).join('')).toBe(masked);
  });

  it('never passes on a piece holding part of a secret', () => {
    const pieces = streamInPieces(
      text,
      Array.from({ length: text.length }, (_, i) => i),
    );
    for (const piece of pieces) expect(piece).not.toMatch(/abcdefgh-0123|abcd(?!efgh-01 )/);
    expect(pieces.join('')).toBe(masked);
    // Held back no longer than the longest secret needs.
    expect(pieces.slice(0, text.length - 12).join('').length).toBeGreaterThan(0);
  });

  it('passes text straight on when there is no secret', () => {
    const streamed = createStreamedTextMasker(() => createSecretMasker([]));
    expect(streamed.push('abcd')).toBe('abcd');
    expect(streamed.flush()).toBe('');
  });
});
