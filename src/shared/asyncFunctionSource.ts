/** `(async function () { <body> })`: the wrapper every executor evaluates and then calls. */
export function asyncFunctionSource(body: string): string {
  return `(async function () {\n${body}\n})`;
}
