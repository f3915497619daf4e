import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';

/** A lone surrogate: with the u flag, a valid pair is one code point and never matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A guest string holding exactly `text`, lone surrogates included. QuickJS takes strings in as
 * UTF-8, where a lone surrogate becomes U+FFFD: such a text goes in as JSON text (which escapes it)
 * read by `parse`, the original JSON.parse.
 */
export function newGuestString(ctx: QuickJSContext, text: string, parse: QuickJSHandle): QuickJSHandle {
  if (!LONE_SURROGATE.test(text)) return ctx.newString(text);
  const json = ctx.newString(JSON.stringify(text));
  const parsed = ctx.callFunction(parse, ctx.undefined, json);
  json.dispose();
  if (!parsed.error) return parsed.value;
  parsed.error.dispose();
  return ctx.newString(text);
}
