const MAX_INPUT_CHARS = 200;

/** `provider.tool(input)` with the input as (shortened) JSON, for divergence messages. */
export function describeToolCall(providerName: string, toolName: string, input: unknown): string {
  const json = input === undefined ? '' : (JSON.stringify(input) ?? String(input));
  const shown = json.length > MAX_INPUT_CHARS ? `${json.slice(0, MAX_INPUT_CHARS)}…` : json;
  return `${providerName}.${toolName}(${shown})`;
}
