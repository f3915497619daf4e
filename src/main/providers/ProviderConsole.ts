import type { ProviderConsoleLine } from '../../shared/api/providers';

/** Console lines kept per provider: the newest win. */
export const PROVIDER_CONSOLE_LINES = 500;
/** A longer line (a server logging a whole document) is cut, with an ellipsis. */
export const PROVIDER_CONSOLE_LINE_CHARS = 2_000;

export type NewConsoleLine = Omit<ProviderConsoleLine, 'seq' | 'at'>;

/**
 * One provider's console: a bounded buffer of its newest lines, plus the lines not yet announced
 * (also bounded, so a server flooding stderr between two announcements costs at most one buffer).
 */
export class ProviderConsole {
  private lines: ProviderConsoleLine[] = [];
  private unsent: ProviderConsoleLine[] = [];
  private nextSeq = 1;
  private clearedSinceSent = false;

  add(line: NewConsoleLine): void {
    const text =
      line.text.length > PROVIDER_CONSOLE_LINE_CHARS
        ? `${line.text.slice(0, PROVIDER_CONSOLE_LINE_CHARS)}…`
        : line.text;
    const full: ProviderConsoleLine = { ...line, text, seq: this.nextSeq++, at: Date.now() };
    this.lines.push(full);
    this.unsent.push(full);
    if (this.lines.length > PROVIDER_CONSOLE_LINES * 1.25)
      this.lines = this.lines.slice(-PROVIDER_CONSOLE_LINES);
    if (this.unsent.length > PROVIDER_CONSOLE_LINES * 1.25)
      this.unsent = this.unsent.slice(-PROVIDER_CONSOLE_LINES);
  }

  all(): ProviderConsoleLine[] {
    return this.lines.slice(-PROVIDER_CONSOLE_LINES);
  }

  clear(): void {
    this.lines = [];
    this.unsent = [];
    this.clearedSinceSent = true;
  }

  /** The lines added since the last call, and whether the console was cleared meanwhile; undefined when nothing happened. */
  takeUnsent(): { lines: ProviderConsoleLine[]; cleared: boolean } | undefined {
    if (this.unsent.length === 0 && !this.clearedSinceSent) return undefined;
    const taken = { lines: this.unsent.slice(-PROVIDER_CONSOLE_LINES), cleared: this.clearedSinceSent };
    this.unsent = [];
    this.clearedSinceSent = false;
    return taken;
  }
}
