import type { ExecuteError } from '../errors';

/**
 * The text a person reads for an error, composed from its fields: the thrown error's name before
 * the message, a failed tool's name before a `tool_error`, and the place in the guest's code after
 * it (`TypeError: x is undefined (line 3)`, `mcp.fail failed: boom`). The message itself stays the
 * text thrown or provided; this is the one place that decorates it.
 */
export function describeExecuteError(error: ExecuteError): string {
  let text = error.message;
  if (error.name) text = text ? `${error.name}: ${text}` : error.name;
  if (error.tool && error.code === 'tool_error') text = `${error.tool} failed: ${text}`;
  if (error.line !== undefined)
    text +=
      error.column !== undefined ? ` (line ${error.line}, column ${error.column})` : ` (line ${error.line})`;
  return text;
}
