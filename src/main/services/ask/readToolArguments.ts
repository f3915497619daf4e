/** A tool call's arguments as JSON text (OpenAI's wire format): the object, or what is wrong with it. */
export function readToolArguments(text: string): { input?: unknown; problem?: string } {
  let input: unknown;
  try {
    input = JSON.parse(text === '' ? '{}' : text);
  } catch (error) {
    return {
      problem: `the arguments are not JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { problem: 'the arguments must be a JSON object' };
  return { input };
}
