import { createRandomToken } from './createRandomToken';

export interface TicketBox<T> {
  /**
   * Holds `value` under a new unguessable ticket, one `usable` accepts (drawn again when it does
   * not); throws when `maxHeld` tickets are waiting already.
   */
  issue(value: T, usable?: (ticket: string) => boolean): string;
  /** The value of a ticket issued here, not taken before and not expired; undefined for anything else. */
  take(ticket: unknown): T | undefined;
  /** Tickets waiting now (expired ones are let go first). */
  held(): number;
}

export interface TicketBoxOptions {
  lifetimeMs: number;
  maxHeld: number;
  /** The clock tickets expire by (tests move it). */
  now?: () => number;
}

/** Random tickets drawn before giving up on one `usable` accepts (a real refusal is one in millions). */
const MAX_DRAWS = 16;

/**
 * Single-use, short-lived tickets: each redeems its value once, before it expires. Expired tickets
 * are let go whenever the box is used, so it needs no timers and holds at most `maxHeld`.
 */
export function createTicketBox<T>(options: TicketBoxOptions): TicketBox<T> {
  const now = options.now ?? Date.now;
  const waiting = new Map<string, { value: T; expiresAt: number }>();
  const letGoExpired = () => {
    const at = now();
    for (const [ticket, held] of waiting) if (held.expiresAt <= at) waiting.delete(ticket);
  };
  return {
    issue(value, usable = () => true) {
      letGoExpired();
      if (waiting.size >= options.maxHeld)
        throw new Error(`${options.maxHeld} tickets are waiting already; use or let one expire first`);
      let ticket = createRandomToken();
      for (let draws = 1; !usable(ticket); draws++) {
        if (draws === MAX_DRAWS) throw new Error(`no usable ticket in ${MAX_DRAWS} draws`);
        ticket = createRandomToken();
      }
      waiting.set(ticket, { value, expiresAt: now() + options.lifetimeMs });
      return ticket;
    },
    take(ticket) {
      letGoExpired();
      if (typeof ticket !== 'string') return undefined;
      const held = waiting.get(ticket);
      waiting.delete(ticket);
      return held?.value;
    },
    held() {
      letGoExpired();
      return waiting.size;
    },
  };
}
