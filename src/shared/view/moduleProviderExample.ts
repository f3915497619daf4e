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
    // optional: outputSchema (validated, and used for the typings)
    async execute(input, context) {
      // context: { providerName, originalToolName, signal (aborts on cancel) }
      return { city: input.city, celsius: 17 };
    },
  },
];
// Guest code: await weather.get_forecast({ city: 'Oslo' })
`;

/** One line on the accepted export shapes, beside the module file field. */
export const MODULE_PROVIDER_SHAPE_HINT =
  'The file exports tools: an array of { name, description?, inputSchema?, outputSchema?, execute(input, context) }, ' +
  'or an object of them keyed by tool name (as export default, or its tools property, too). ' +
  'A thrown error reaches the guest as a failed call.';
