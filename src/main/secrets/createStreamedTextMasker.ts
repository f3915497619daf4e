import type { SecretMasker } from './createSecretMasker';

export interface StreamedTextMasker {
  /** Takes the next piece of the stream; returns the masked text that is safe to pass on now. */
  push(delta: string): string;
  /** The stream ended: the rest, masked. */
  flush(): string;
}

/**
 * Masks a text that arrives in pieces (a model's streamed answer), where a secret may be split
 * across two pieces: the last `longest - 1` characters are held back until more comes, and a cut
 * never falls inside a secret, so no piece passed on holds part of a value.
 */
export function createStreamedTextMasker(masker: () => SecretMasker): StreamedTextMasker {
  let pending = '';
  return {
    push(delta) {
      pending += delta;
      const current = masker();
      if (current.size === 0) return this.flush();
      const whole = current.maskText(pending);
      for (let cut = pending.length - (current.longest - 1); cut > 0; cut -= 1) {
        const head = current.maskText(pending.slice(0, cut));
        // A cut inside a secret leaves part of it unmasked in `head`, which `whole` then lacks.
        if (!whole.startsWith(head)) continue;
        pending = pending.slice(cut);
        return head;
      }
      return '';
    },
    flush() {
      const rest = masker().maskText(pending);
      pending = '';
      return rest;
    },
  };
}
