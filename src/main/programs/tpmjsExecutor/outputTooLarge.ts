/** The one wording of a tool output over the executor's limit, in the child and in the executor. */
export function outputTooLarge(maxOutputBytes: number): string {
  return `the tool's output is larger than this executor's limit of ${maxOutputBytes} bytes (--max-output-bytes)`;
}
