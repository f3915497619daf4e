/** One line of the value viewer: a value (scalar or container) or a "show more" line of a paged container. */
export type ValueRow =
  | {
      kind: 'value';
      /** Unambiguous path id; the root is "$". */
      id: string;
      depth: number;
      /** Property name or array index; none for the root. */
      label?: string | number;
      value: unknown;
      /** Set for arrays and objects. */
      container?: 'array' | 'object';
      /** Items or keys of a container. */
      size: number;
      expanded: boolean;
    }
  | { kind: 'more'; id: string; depth: number; parentId: string; shown: number; total: number };

/** How many children of each expanded container are shown, by row id; absent means collapsed. */
export type Expansion = ReadonlyMap<string, number>;

export const ROOT_ID = '$';
/** Children shown per page when a container opens or "show more" is pressed. */
export const PAGE_SIZE = 100;
/** Rows the first view may fill by opening whole levels; larger values open collapsed past it. */
export const INITIAL_ROW_BUDGET = 200;
const MAX_INITIAL_DEPTH = 4;

const keyCache = new WeakMap<object, string[]>();

function keysOf(value: object): string[] {
  let keys = keyCache.get(value);
  if (!keys) {
    keys = Object.keys(value);
    keyCache.set(value, keys);
  }
  return keys;
}

export function containerKind(value: unknown): 'array' | 'object' | undefined {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object' && value !== null) return 'object';
  return undefined;
}

export function sizeOf(value: unknown): number {
  const kind = containerKind(value);
  if (kind === 'array') return (value as unknown[]).length;
  if (kind === 'object') return keysOf(value as object).length;
  return 0;
}

export function childId(parentId: string, label: string | number): string {
  return typeof label === 'number' ? `${parentId}[${label}]` : `${parentId}.${JSON.stringify(label)}`;
}

function childAt(value: unknown, index: number): { label: string | number; value: unknown } {
  if (Array.isArray(value)) return { label: index, value: value[index] };
  const key = keysOf(value as object)[index]!;
  return { label: key, value: (value as Record<string, unknown>)[key] };
}

/**
 * The rows on screen for a value: only expanded containers contribute children, and only as many
 * as their page count allows, so the cost follows what is shown, not the size of the value.
 */
export function flattenValue(value: unknown, expansion: Expansion): ValueRow[] {
  const rows: ValueRow[] = [];
  const visit = (id: string, depth: number, label: string | number | undefined, item: unknown) => {
    const container = containerKind(item);
    const size = container ? sizeOf(item) : 0;
    const shown = container ? expansion.get(id) : undefined;
    rows.push({
      kind: 'value',
      id,
      depth,
      ...(label !== undefined ? { label } : {}),
      value: item,
      ...(container ? { container } : {}),
      size,
      expanded: shown !== undefined,
    });
    if (shown === undefined) return;
    const count = Math.min(shown, size);
    for (let index = 0; index < count; index++) {
      const child = childAt(item, index);
      visit(childId(id, child.label), depth + 1, child.label, child.value);
    }
    if (count < size) {
      rows.push({
        kind: 'more',
        id: `${id}#more`,
        depth: depth + 1,
        parentId: id,
        shown: count,
        total: size,
      });
    }
  };
  visit(ROOT_ID, 0, undefined, value);
  return rows;
}

/**
 * The expansion a value opens with: the root shows its first page, then whole levels open while
 * the rows they add stay within the budget; a level that would pass it stays collapsed.
 */
export function initialExpansion(value: unknown, budget = INITIAL_ROW_BUDGET): Map<string, number> {
  const expansion = new Map<string, number>();
  if (!containerKind(value)) return expansion;
  let rows = 1 + Math.min(PAGE_SIZE, sizeOf(value)) + (sizeOf(value) > PAGE_SIZE ? 1 : 0);
  expansion.set(ROOT_ID, PAGE_SIZE);
  let level: { id: string; value: unknown }[] = [{ id: ROOT_ID, value }];
  for (let depth = 1; depth < MAX_INITIAL_DEPTH; depth++) {
    const next: { id: string; value: unknown }[] = [];
    for (const parent of level) {
      const count = Math.min(PAGE_SIZE, sizeOf(parent.value));
      for (let index = 0; index < count; index++) {
        const child = childAt(parent.value, index);
        if (containerKind(child.value))
          next.push({ id: childId(parent.id, child.label), value: child.value });
      }
    }
    const added = next.reduce((sum, node) => {
      const size = sizeOf(node.value);
      return sum + Math.min(PAGE_SIZE, size) + (size > PAGE_SIZE ? 1 : 0);
    }, 0);
    if (next.length === 0 || rows + added > budget) break;
    for (const node of next) expansion.set(node.id, PAGE_SIZE);
    rows += added;
    level = next;
  }
  return expansion;
}

/** A one-line preview of a value, at most about `maxChars` long, without walking all of it. */
export function previewValue(value: unknown, maxChars = 80): string {
  let out = '';
  const write = (item: unknown, depth: number): boolean => {
    if (out.length >= maxChars) return false;
    const kind = containerKind(item);
    if (!kind) {
      out += scalarText(item, Math.max(8, maxChars - out.length));
      return out.length < maxChars;
    }
    const size = sizeOf(item);
    if (depth > 0) {
      out += kind === 'array' ? `[${size}]` : size === 0 ? '{}' : '{…}';
      return out.length < maxChars;
    }
    out += kind === 'array' ? '[' : '{';
    for (let index = 0; index < size; index++) {
      if (index > 0) out += ', ';
      if (out.length >= maxChars) {
        out += '…';
        break;
      }
      const child = childAt(item, index);
      if (kind === 'object') out += `${propertyName(String(child.label))}: `;
      if (!write(child.value, depth + 1) && index < size - 1) {
        out += ', …';
        break;
      }
    }
    out += kind === 'array' ? ']' : '}';
    return out.length < maxChars;
  };
  write(value, 0);
  return out;
}

/** A property name as JavaScript would write it: bare when it is an identifier, else quoted. */
export function propertyName(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}

/** Characters of a string shown inline before it is clipped. */
export const STRING_CLIP = 300;

/** A scalar as JSON-ish text; long strings are clipped (the caller shows the full length). */
export function scalarText(value: unknown, maxChars = STRING_CLIP): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') {
    return value.length > maxChars
      ? `${JSON.stringify(value.slice(0, maxChars)).slice(0, -1)}…"`
      : JSON.stringify(value);
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  return JSON.stringify(value) ?? String(value);
}
