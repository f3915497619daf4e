const MAX_ITEMS = 20;
const MAX_DEPTH = 6;

/**
 * The objects anywhere in a value that `read` recognises (it returns what to keep), searched
 * depth-first; a recognised object is not searched further. Bounded in depth and count, so a huge
 * or deeply nested value costs little.
 */
export function findContentItems<T>(
  value: unknown,
  read: (node: Record<string, unknown>, path: string) => T | undefined,
): T[] {
  const found: T[] = [];
  const visit = (node: unknown, path: string, depth: number): void => {
    if (found.length >= MAX_ITEMS || depth > MAX_DEPTH || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, `${path}[${i}]`, depth + 1));
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
