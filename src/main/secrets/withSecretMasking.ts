import type { Executor, ExecutionOptions, ToolCallInterceptor, ToolCallResult } from '../engine/core/types';
import type { SecretMasker } from './createSecretMasker';

/**
 * An executor whose runs never carry a known secret value onward: every tool answer the guest
 * receives (a provider's result or error message, a recorded or manual answer), every protocol
 * message and host event its hooks observe (the live transcript, `--transcript` files) and the
 * final result are masked. The guest cannot pass on what it never receives.
 */
export function withSecretMasking(executor: Executor, masker: () => SecretMasker): Executor {
  return {
    async execute(code, providers, options = {}) {
      const hooks = options.hooks ?? {};
      const inner = hooks.interceptToolCall;
      const interceptToolCall: ToolCallInterceptor = async (call, dispatch, context) => {
        let outcome: ToolCallResult;
        try {
          outcome = inner ? await inner(call, dispatch, context) : await dispatch(call.input);
        } catch (error) {
          throw new Error(masker().maskText(error instanceof Error ? error.message : String(error)));
        }
        return masker().mask(outcome);
      };
      const masked: ExecutionOptions = {
        ...options,
        hooks: {
          ...(hooks.onMessage
            ? {
                onMessage: (observation) =>
                  hooks.onMessage?.({ ...observation, message: masker().mask(observation.message) }),
              }
            : {}),
          ...(hooks.onHostEvent
            ? { onHostEvent: (event, at) => hooks.onHostEvent?.(masker().mask(event), at) }
            : {}),
          // Held time and the cancel reason carry no recorded values: passed on as they are.
          ...(hooks.onSettled ? { onSettled: hooks.onSettled } : {}),
          interceptToolCall,
        },
      };
      return masker().mask(await executor.execute(code, providers, masked));
    },
    ...(executor.prewarm ? { prewarm: () => executor.prewarm!() } : {}),
    dispose: () => executor.dispose(),
  };
}
