import type { ProviderConsoleLine } from '../../shared/api/providers';
import { BoundedLog } from './BoundedLog';

/** Console lines kept per provider: the newest win. */
export const PROVIDER_CONSOLE_LINES = 500;
/** A longer line (a server logging a whole document) is cut, with an ellipsis. */
export const PROVIDER_CONSOLE_LINE_CHARS = 2_000;

export type NewConsoleLine = Omit<ProviderConsoleLine, 'seq' | 'at'>;

/** One provider's console: its newest lines, each cut to PROVIDER_CONSOLE_LINE_CHARS. */
export class ProviderConsole extends BoundedLog<ProviderConsoleLine> {
  constructor() {
    super(PROVIDER_CONSOLE_LINES);
  }

  override add(line: NewConsoleLine): ProviderConsoleLine {
    const text =
      line.text.length > PROVIDER_CONSOLE_LINE_CHARS
        ? `${line.text.slice(0, PROVIDER_CONSOLE_LINE_CHARS)}…`
        : line.text;
    return super.add({ ...line, text });
  }
}
