import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';

/**
 * A guest string exactly as the guest holds it, lone surrogates included. QuickJS hands strings out
 * as UTF-8, where a lone surrogate cannot be: it comes out as three U+FFFD, so the text is longer
 * than the guest's. Only then is the string read again as JSON text (`stringify`, the original
 * JSON.stringify), which escapes it; every other string costs one scan for U+FFFD.
 */
export function readGuestString(
  ctx: QuickJSContext,
  handle: QuickJSHandle,
  stringify: QuickJSHandle,
): string {
  const text = ctx.getString(handle);
  if (!text.includes('\uFFFD')) return text;
  const units = ctx.getProp(handle, 'length');
  const exact = ctx.typeof(units) === 'number' && ctx.getNumber(units) === text.length;
  units.dispose();
  if (exact) return text;
  const json = ctx.callFunction(stringify, ctx.undefined, handle);
  if (json.error) {
    json.error.dispose();
    return text;
  }
  try {
    return ctx.typeof(json.value) === 'string' ? (JSON.parse(ctx.getString(json.value)) as string) : text;
  } finally {
    json.value.dispose();
  }
}
