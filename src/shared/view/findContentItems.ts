const MAX_ITEMS = 20;
const MAX_DEPTH = 6;
/** Objects and arrays looked at, at most: a 50,000-row result must not be walked row by row. */
const MAX_NODES = 5_000;

/**
 * The objects anywhere in a value that `read` recognises (it returns what to keep), searched
 * depth-first; a recognised object is not searched further. Bounded in depth, count and nodes
 * looked at, so a huge, wide or deeply nested value costs little.
 */
export function findContentItems<T>(
  value: unknown,
  read: (node: Record<string, unknown>, path: string) => T | undefined,
): T[] {
  const found: T[] = [];
  let budget = MAX_NODES;
  const visit = (node: unknown, path: string, depth: number): void => {
    if (found.length >= MAX_ITEMS || depth > MAX_DEPTH || typeof node !== 'object' || node === null) return;
    if (budget <= 0) return;
    budget -= 1;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length && budget > 0 && found.length < MAX_ITEMS; i++)
        visit(node[i], `${path}[${i}]`, depth + 1);
      return;
    }
    const item = read(node as Record<string, unknown>, path);
    if (item !== undefined) {
      found.push(item);
      return;
    }
    for (const [key, child] of Object.entries(node)) visit(child, `${path}.${key}`, depth + 1);
  };
  visit(value, '$', 0);
  return found;
}
