/** The guest line that calls a tool with `input` (what "Copy as code" gives and "Call" runs). */
export function toolCallCode(providerName: string, safeToolName: string, input: unknown): string {
  const argument = input === undefined ? '' : JSON.stringify(input, null, 2);
  return `await ${providerName}.${safeToolName}(${argument});`;
}
