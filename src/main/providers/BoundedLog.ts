/** What every kept item carries: its number (one more per item) and when the host got it (epoch ms). */
export interface Numbered {
  seq: number;
  at: number;
}

/**
 * A bounded buffer of a provider's newest items, plus the items not yet announced (also bounded, so
 * a flood between two announcements costs at most one buffer). The provider console and the raw
 * MCP traffic are two of them.
 */
export class BoundedLog<T extends Numbered> {
  private items: T[] = [];
  private unsent: T[] = [];
  private nextSeq = 1;
  private clearedSinceSent = false;

  constructor(readonly limit: number) {}

  add(item: Omit<T, 'seq' | 'at'>): T {
    const full = { ...item, seq: this.nextSeq++, at: Date.now() } as T;
    this.items.push(full);
    this.unsent.push(full);
    // Trimmed in steps, not on every add, so a flood costs amortized O(1) per item.
    if (this.items.length > this.limit * 1.25) this.items = this.items.slice(-this.limit);
    if (this.unsent.length > this.limit * 1.25) this.unsent = this.unsent.slice(-this.limit);
    return full;
  }

  all(): T[] {
    return this.items.slice(-this.limit);
  }

  clear(): void {
    this.items = [];
    this.unsent = [];
    this.clearedSinceSent = true;
  }

  /** The items added since the last call, and whether the log was cleared meanwhile; undefined when nothing happened. */
  takeUnsent(): { items: T[]; cleared: boolean } | undefined {
    if (this.unsent.length === 0 && !this.clearedSinceSent) return undefined;
    const taken = { items: this.unsent.slice(-this.limit), cleared: this.clearedSinceSent };
    this.unsent = [];
    this.clearedSinceSent = false;
    return taken;
  }
}
