/**
 * The smallest module provider, shown in the provider form; a test loads this exact text as a
 * module provider, so it cannot drift from what the host accepts. The full example is
 * examples/weather-tools.mjs.
 */
export const MODULE_PROVIDER_EXAMPLE = `// tools.mjs: runs in the host, with the host's rights
export const tools = [
  {
    name: 'get_forecast',
    description: "Today's forecast for a city.",
    inputSchema: {
      type: 'object',
      required: ['city'],
      properties: { city: { type: 'string' } },
    },
    // optional: outputSchema (checked, and used for the typings), annotations
    async execute(input, context) {
      // context: { providerName, originalToolName, signal (aborts on cancel) }
      if (input.city === '') throw new Error('which city?'); // the guest gets a tool_error
      return { city: input.city, celsius: 17 };
    },
  },
];
// Guest code: await weather.get_forecast({ city: 'Oslo' })
`;

/** The example file in the repository that the form and the README point to. */
export const MODULE_PROVIDER_EXAMPLE_FILE = 'examples/weather-tools.mjs';

/** One line on the accepted export shapes, beside the module file field. */
export const MODULE_PROVIDER_SHAPE_HINT =
  'The file exports tools: an array of tools, or an object of them keyed by tool name ' +
  '(as export const tools, export default, or its tools property).';

/** Each field of a tool, as the form lists it. */
export const MODULE_PROVIDER_FIELDS: readonly { field: string; meaning: string }[] = [
  { field: 'name', meaning: 'the name guest code calls (required in an array; unique)' },
  { field: 'description?', meaning: 'shown in the tool list and the typings' },
  { field: 'inputSchema?', meaning: 'JSON Schema: input is checked before execute runs; types the call' },
  { field: 'outputSchema?', meaning: 'JSON Schema: the result is checked; types the result' },
  { field: 'annotations?', meaning: 'title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint' },
  {
    field: 'execute(input, context)',
    meaning: 'plain or async; returns JSON-like data; context.signal aborts when the run is cancelled',
  },
];

/** How calls fail, how a wrong shape is reported, and what trusting the file means. */
export const MODULE_PROVIDER_RULES =
  'A thrown error reaches the guest as a failed call (tool_error, with its message); input or a result ' +
  'that breaks its schema is a validation_error. A file with the wrong shape is refused with the ' +
  'file, tool and field named. Trust covers this file with its current content: when it changes, ' +
  'the app reloads it and asks again before the new code runs.';
