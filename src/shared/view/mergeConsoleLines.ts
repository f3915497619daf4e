/**
 * Adds lines to a provider's console (or messages to its MCP traffic) as the renderer holds it:
 * lines it holds already (the same `seq`, from a list answer and an event) count once, order is by
 * `seq`, and only the newest `max` stay. `cleared` drops what was held before.
 */
export function mergeConsoleLines<T extends { seq: number }>(
  held: readonly T[],
  incoming: readonly T[],
  max: number,
  cleared = false,
): T[] {
  const base = cleared ? [] : held;
  const last = base.at(-1)?.seq ?? 0;
  if (incoming.every((line) => line.seq > last)) {
    const merged = base.concat(incoming);
    return merged.length > max ? merged.slice(-max) : merged;
  }
  const bySeq = new Map<number, T>();
  for (const line of base) bySeq.set(line.seq, line);
  for (const line of incoming) bySeq.set(line.seq, line);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq).slice(-max);
}
