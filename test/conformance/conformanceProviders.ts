import { ExecboxToolError } from '../../src/main/engine/core/ExecboxToolError';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import type { ResolvedToolProvider } from '../../src/main/engine/core/types';

export interface ConformanceProbe {
  /** Signals the host tools saw aborted (cancel reaches in-flight tool work). */
  abortedCalls: number;
  /** Called by `tools.die()`: kills the runner shell hosting the execution, when the harness can. */
  killRunner?: () => void;
  /** Resolves when `tools.hang()` has been dispatched (the guest is suspended at its await). */
  hangStarted: Promise<void>;
}

export function createConformanceProbe(): ConformanceProbe & { markHangStarted(): void } {
  let markHangStarted!: () => void;
  const probe = {
    abortedCalls: 0,
    hangStarted: new Promise<void>((resolve) => {
      markHangStarted = resolve;
    }),
    markHangStarted: () => markHangStarted(),
  };
  return probe;
}

/** The tools every conformance case may call, all under the `tools` namespace. */
export function conformanceProviders(
  probe: ReturnType<typeof createConformanceProbe>,
): ResolvedToolProvider[] {
  return [
    resolveProvider({
      name: 'tools',
      tools: {
        echo: { description: 'Echo input', execute: (input) => input },
        add: {
          inputSchema: {
            type: 'object',
            properties: { a: { type: 'number' }, b: { type: 'number' } },
            required: ['a', 'b'],
          },
          execute: (input) => {
            const { a, b } = input as { a: number; b: number };
            return a + b;
          },
        },
        search: {
          inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
          execute: (input) => ({ hits: [(input as { q: string }).q] }),
        },
        fail: {
          execute: () => {
            throw new Error('boom');
          },
        },
        failWithCode: {
          execute: () => {
            throw new ExecboxToolError('validation_error', 'quota exceeded');
          },
        },
        nothing: { execute: () => undefined },
        returnsFunction: { execute: () => ({ f: () => 1 }) },
        pollute: {
          execute: () =>
            JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
        },
        hang: {
          execute: (_input, context) =>
            new Promise((resolve) => {
              probe.markHangStarted();
              context.signal.addEventListener('abort', () => {
                probe.abortedCalls += 1;
                resolve('aborted');
              });
            }),
        },
        die: {
          execute: () =>
            new Promise(() => {
              probe.killRunner?.();
            }),
        },
        deep: {
          execute: (input) => {
            let value: unknown = 'bottom';
            for (let i = 0; i < (input as number); i++) value = [value];
            return value;
          },
        },
        big: { execute: (input) => 'x'.repeat(input as number) },
      },
    }),
  ];
}
