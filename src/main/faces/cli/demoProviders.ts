import { ExecboxToolError } from '../../engine/core/ExecboxToolError';
import { resolveProvider } from '../../engine/core/resolveProvider';
import type { ResolvedToolProvider } from '../../engine/core/types';

/** The built-in `demo` namespace `execbox run` offers when no workspace is given (schemas compiled when first called). */
export function demoProviders(): ResolvedToolProvider[] {
  return [
    resolveProvider(
      {
        name: 'demo',
        tools: {
          echo: { description: 'Returns its input unchanged.', execute: (input) => input },
          add: {
            description: 'Adds two numbers.',
            inputSchema: {
              type: 'object',
              properties: { a: { type: 'number' }, b: { type: 'number' } },
              required: ['a', 'b'],
              additionalProperties: false,
            },
            outputSchema: { type: 'number' },
            execute: (input) => {
              const { a, b } = input as { a: number; b: number };
              return a + b;
            },
          },
          fail: {
            description: 'Always fails with a tool_error carrying the given message.',
            inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
            execute: (input) => {
              throw new ExecboxToolError(
                'tool_error',
                (input as { message?: string } | undefined)?.message ?? 'demo failure',
              );
            },
          },
          sleep: {
            description:
              'Resolves after `ms` milliseconds (at most 60000); stops early when the run is cancelled.',
            inputSchema: {
              type: 'object',
              properties: { ms: { type: 'integer', minimum: 0, maximum: 60000 } },
              required: ['ms'],
            },
            execute: (input, context) =>
              new Promise((resolve) => {
                const timer = setTimeout(
                  () => resolve({ sleptMs: (input as { ms: number }).ms }),
                  (input as { ms: number }).ms,
                );
                context.signal.addEventListener('abort', () => {
                  clearTimeout(timer);
                  resolve({ sleptMs: 0, cancelled: true });
                });
              }),
          },
        },
      },
      { compileSchemas: 'lazy' },
    ),
  ];
}
