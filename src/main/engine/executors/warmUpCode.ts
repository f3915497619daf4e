/**
 * What a runner runs before its first real execution, so that execution is a warm one: it takes
 * the parser, the guest helpers, the compile path, a tool call round trip, an exception and the
 * logs through their first (slow) use. Each run has its own runtime and context, as every run does,
 * so nothing of it is visible to a later guest.
 */
export const WARM_UP_CODE = `
const items = [1, 2, 3].map((n) => ({ n, label: \`item \${n}\` }));
let total = 0;
for (const { n } of items) total += n;
class Counter {
  #count = 0;
  add(x) { this.#count += x; return this; }
  get value() { return this.#count; }
}
const echoed = await warmup.echo({ items, total, nested: { list: [true, null, 'text'] } });
try {
  JSON.parse('{');
} catch (error) {
  total += error instanceof SyntaxError ? 1 : 0;
}
console.log('warm', total);
return { echoed, counter: new Counter().add(total).value, copy: [...items, { ...items[0] }] };
`;

/** How many warm-up runs: enough for V8 to compile the hot paths of the first ones. */
export const WARM_UP_RUNS = 3;
