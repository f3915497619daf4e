/**
 * A body's bytes, never holding more than `maxBytes` of them: undefined when the declared length or
 * the bytes that arrive pass the limit (the rest is left unread: leaving the loop closes the source).
 */
export async function readBoundedBytes(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  maxBytes: number,
  declaredLength: string | null | undefined,
): Promise<Buffer | undefined> {
  const declared = Number(declaredLength);
  if (Number.isFinite(declared) && declared > maxBytes) return undefined;
  const kept: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > maxBytes) return undefined;
    kept.push(chunk);
  }
  return Buffer.concat(kept);
}
