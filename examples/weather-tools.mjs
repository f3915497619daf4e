// A module provider: a trusted ES module the host imports (it runs with the host's rights).
// Add it in the app with Providers → + Add provider → Module, name `weather`, and the full path of
// this file as the module file (a relative path is taken from the workspace file's folder), then call
// it from guest code: `const today = await weather.get_forecast({ city: 'Oslo' })`.
// It is offline on purpose (fixed data); a real module would fetch here.

const FORECASTS = {
  oslo: { city: 'Oslo', celsius: -3, sky: 'snow' },
  lisbon: { city: 'Lisbon', celsius: 17, sky: 'sunny' },
};

/** `tools` is an array of { name, description?, inputSchema?, outputSchema?, annotations?, execute }. */
export const tools = [
  {
    name: 'get_forecast',
    description: "Today's forecast for a city.",
    // Optional hints shown in the tool list (as MCP tool annotations).
    annotations: { readOnlyHint: true, openWorldHint: false },
    inputSchema: {
      type: 'object',
      required: ['city'],
      properties: {
        city: { type: 'string', description: 'City name, for example Oslo' },
        units: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['city', 'temperature', 'units', 'sky'],
      properties: {
        city: { type: 'string' },
        temperature: { type: 'number' },
        units: { type: 'string' },
        sky: { type: 'string' },
      },
    },
    // `input` has been validated against inputSchema; `context` gives providerName, the tool names
    // and an AbortSignal (`context.signal`) that fires when the run is cancelled.
    async execute(input, context) {
      context.signal.throwIfAborted();
      const forecast = FORECASTS[input.city.toLowerCase()];
      // A thrown error reaches the guest as a rejected call with this message.
      if (!forecast) throw new Error(`no forecast for ${input.city}`);
      const units = input.units ?? 'celsius';
      const temperature = units === 'fahrenheit' ? forecast.celsius * 1.8 + 32 : forecast.celsius;
      return { city: forecast.city, temperature, units, sky: forecast.sky };
    },
  },
  {
    name: 'list_cities',
    description: 'The cities this provider knows.',
    execute: () => Object.values(FORECASTS).map((forecast) => forecast.city),
  },
];
