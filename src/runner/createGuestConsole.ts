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
 * the host per 500 lines instead of one per line. Built by the guest helpers' makeConsole; lines
 * cross as JSON text, and whatever the guest did to its prototypes, only strings are taken.
 */
export function createGuestConsole(
  ctx: QuickJSContext,
  makeConsole: QuickJSHandle,
  keep: (handle: QuickJSHandle) => QuickJSHandle,
  handlers: {
    /** Takes a line with its level; answers whether more lines are wanted. */
    accept(method: ConsoleMethod, text: string): boolean;
    /** A line of anything but one string, formatted as the runner formats console arguments. */
    format(args: QuickJSHandle[]): string;
  },
): GuestConsole {
  const { accept } = handlers;
  // Lines at the head of the guest's batch that peek() took already.
  let taken = 0;
  let wanted = true;
  const acceptLine = (line: unknown) => {
    if (typeof line !== 'string') return;
    const method = CONSOLE_METHODS[line.charCodeAt(0) - 48];
    if (method) wanted = accept(method, line.slice(1));
  };
  const take = (json: string) => {
    let lines: unknown;
    try {
      lines = JSON.parse(json);
    } catch {
      lines = undefined;
    }
    if (Array.isArray(lines)) for (let i = taken; i < lines.length; i++) acceptLine(lines[i]);
    taken = 0;
  };
  /** What the guest's drain gave: JSON text, or null when the buffer is to be read here and emptied. */
  const takeDrained = (drained: QuickJSHandle) => {
    const type = ctx.typeof(drained);
    if (type === 'string') take(ctx.getString(drained));
    else if (type === 'object') {
      peek();
      const zero = ctx.newNumber(0);
      ctx.setProp(buffer!, 'length', zero);
      zero.dispose();
      taken = 0;
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
      return ctx.newString(line);
    }),
  );
  const made = keep(ctx.unwrapResult(ctx.callFunction(makeConsole, ctx.undefined, flush, format)));
  const [drain, buffer, ...methods] = Array.from({ length: 2 + CONSOLE_METHODS.length }, (_, i) =>
    keep(ctx.getProp(made, i)),
  );
  const peek = () => {
    const length = ctx.getProp(buffer!, 'length');
    const count = ctx.typeof(length) === 'number' ? ctx.getNumber(length) : 0;
    length.dispose();
    for (; taken < count; taken++) {
      const line = ctx.getProp(buffer!, taken);
      if (ctx.typeof(line) === 'string') acceptLine(ctx.getString(line));
      line.dispose();
    }
  };
  return {
    method: (name) => methods[CONSOLE_METHODS.indexOf(name)]!,
    drain() {
      const drained = ctx.callFunction(drain!, ctx.undefined);
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
