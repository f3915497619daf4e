import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';

export const CONSOLE_METHODS = ['log', 'info', 'warn', 'error'] as const;
export type ConsoleMethod = (typeof CONSOLE_METHODS)[number];

export interface GuestConsole {
  /** The guest-side method that keeps a line of this level in the guest. */
  method(name: ConsoleMethod): QuickJSHandle;
  /** Takes every line still waiting in the guest (also after an interrupt stopped the guest). */
  drain(): void;
  /**
   * Takes the lines waiting in the guest without running any guest code, leaving them there (later
   * batches skip them): callable from the interrupt handler, while the guest is busy in a loop.
   */
  peek(): void;
}

/**
 * Console methods that keep their lines in the guest and hand them over in batches: one call into
 * the host per 500 lines instead of one per line. Built by the guest helpers' makeConsole. A batch
 * of one level crosses as one string joined by the runner with the original join (JSON.stringify
 * costs QuickJS four times as much), unless a line holds a newline; any other crosses as JSON
 * text. Lines read from the guest come out exact, lone surrogates included (handlers.text). Whatever the guest did to its prototypes, only strings (and level numbers)
 * are taken.
 */
export function createGuestConsole(
  ctx: QuickJSContext,
  makeConsole: QuickJSHandle,
  /** The original Array.prototype.join. */
  join: QuickJSHandle,
  keep: (handle: QuickJSHandle) => QuickJSHandle,
  handlers: {
    /** Takes a line with its level; answers whether more lines are wanted. */
    accept(method: ConsoleMethod, text: string): boolean;
    /** A line of anything but one string, formatted as the runner formats console arguments. */
    format(args: QuickJSHandle[]): string;
    /** A guest string as the guest holds it (see readGuestString). */
    text(handle: QuickJSHandle): string;
    /** A new guest string holding exactly `text` (see newGuestString). */
    newText(text: string): QuickJSHandle;
  },
): GuestConsole {
  const { accept } = handlers;
  // Entries at the head of the guest's batch that peek() took already.
  let taken = 0;
  let wanted = true;
  // The level of the lines that follow, until the guest's batch names another (it starts at log).
  let level: ConsoleMethod = 'log';
  const acceptEntry = (entry: unknown) => {
    if (typeof entry === 'string') wanted = accept(level, entry);
    else if (typeof entry === 'number') level = CONSOLE_METHODS[entry] ?? level;
  };
  const take = (json: string) => {
    let lines: unknown;
    try {
      lines = JSON.parse(json);
    } catch {
      lines = undefined;
    }
    if (Array.isArray(lines)) for (let i = taken; i < lines.length; i++) acceptEntry(lines[i]);
    taken = 0;
  };
  const emptyBuffer = () => {
    const zero = ctx.newNumber(0);
    ctx.setProp(buffer!, 'length', zero);
    zero.dispose();
    taken = 0;
  };
  /** Takes a batch of one level joined by newlines; false (nothing taken) when that text is not exact. */
  const takeJoined = (): boolean => {
    const joined = ctx.callFunction(join, buffer!, newline);
    if (joined.error) {
      joined.error.dispose();
      return false;
    }
    try {
      if (ctx.typeof(joined.value) !== 'string') return false;
      const lines = handlers.text(joined.value).split('\n');
      if (lines.length !== bufferLength()) return false;
      for (let i = taken; i < lines.length; i++) wanted = accept(level, lines[i]!);
      emptyBuffer();
      return true;
    } finally {
      joined.value.dispose();
    }
  };
  /** What the guest's drain gave: JSON text, true for a batch of one level, or null when the buffer is to be read here. */
  const takeDrained = (drained: QuickJSHandle) => {
    const type = ctx.typeof(drained);
    if (type === 'string') take(ctx.getString(drained));
    else if (type === 'boolean') {
      if (takeJoined()) return;
      const json = ctx.callFunction(drain!, ctx.undefined, ctx.false);
      if (json.error) {
        json.error.dispose();
        peek();
        emptyBuffer();
        return;
      }
      takeDrained(json.value);
      json.value.dispose();
    } else if (type === 'object') {
      peek();
      emptyBuffer();
    }
  };
  const flush = keep(
    ctx.newFunction('flush', (drained) => {
      takeDrained(drained);
      return wanted ? ctx.true : ctx.false;
    }),
  );
  const format = keep(
    ctx.newFunction('format', (argsObject) => {
      const length = ctx.getProp(argsObject, 'length');
      const count = ctx.typeof(length) === 'number' ? ctx.getNumber(length) : 0;
      length.dispose();
      const args = Array.from({ length: count }, (_, i) => ctx.getProp(argsObject, i));
      const line = handlers.format(args);
      for (const arg of args) arg.dispose();
      return handlers.newText(line);
    }),
  );
  const made = keep(ctx.unwrapResult(ctx.callFunction(makeConsole, ctx.undefined, flush, format)));
  const [drain, buffer, ...methods] = Array.from({ length: 2 + CONSOLE_METHODS.length }, (_, i) =>
    keep(ctx.getProp(made, i)),
  );
  const newline = keep(ctx.newString('\n'));
  const bufferLength = () => {
    const length = ctx.getProp(buffer!, 'length');
    const count = ctx.typeof(length) === 'number' ? ctx.getNumber(length) : 0;
    length.dispose();
    return count;
  };
  const peek = () => {
    const count = bufferLength();
    for (; taken < count; taken++) {
      const entry = ctx.getProp(buffer!, taken);
      const type = ctx.typeof(entry);
      if (type === 'string') acceptEntry(handlers.text(entry));
      else if (type === 'number') acceptEntry(ctx.getNumber(entry));
      entry.dispose();
    }
  };
  return {
    method: (name) => methods[CONSOLE_METHODS.indexOf(name)]!,
    drain() {
      const drained = ctx.callFunction(drain!, ctx.undefined, ctx.true);
      if (!drained.error) {
        takeDrained(drained.value);
        drained.value.dispose();
        return;
      }
      // The guest was interrupted (a timeout, a cancel): its lines are read without running its code.
      drained.error.dispose();
      peek();
    },
    peek,
  };
}
