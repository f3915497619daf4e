import type { ToolCallInterceptor } from '../../engine/core/types';

/** Chains interceptors so the first one listed sees the call first and wraps the rest. */
export function composeInterceptors(interceptors: ToolCallInterceptor[]): ToolCallInterceptor | undefined {
  if (interceptors.length === 0) return undefined;
  return interceptors.reduceRight<ToolCallInterceptor>(
    (inner, outer) => (call, dispatch, context) =>
      outer(
        call,
        (input) => inner(input === call.input ? call : { ...call, input }, dispatch, context),
        context,
      ),
    (call, dispatch) => dispatch(call.input),
  );
}
