/**
 * What the tool form needs to know about a JSON Schema node, read defensively (schemas come from
 * servers): its kind, and for unions the variants a person picks from.
 */
export type SchemaNode = Record<string, unknown>;

export type FieldKind =
  | { kind: 'string'; enumValues?: undefined }
  | { kind: 'enum'; enumValues: unknown[] }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'object'; properties: Record<string, SchemaNode>; required: string[] }
  | { kind: 'array'; items: SchemaNode }
  | { kind: 'choice'; variants: SchemaNode[] }
  | { kind: 'json' };

export function asNode(schema: unknown): SchemaNode {
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema)
    ? (schema as SchemaNode)
    : {};
}

function types(node: SchemaNode): string[] {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type.filter((t): t is string => typeof t === 'string');
  return [];
}

/** `type: ["string", "null"]`, `nullable: true`, or a union with a `{ type: "null" }` branch. */
export function isNullable(node: SchemaNode): boolean {
  if (node.nullable === true || types(node).includes('null')) return true;
  const union = (node.oneOf ?? node.anyOf) as unknown;
  return Array.isArray(union) && union.some((branch) => types(asNode(branch)).includes('null'));
}

/** The schema without its null branch (the form offers null as a separate switch). */
function withoutNull(node: SchemaNode): SchemaNode {
  const rest = types(node).filter((t) => t !== 'null');
  const copy: SchemaNode = { ...node };
  delete copy.nullable;
  if (Array.isArray(node.type)) copy.type = rest.length === 1 ? rest[0] : rest;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const union = node[key];
    if (!Array.isArray(union)) continue;
    const kept = union.filter((branch) => !types(asNode(branch)).includes('null'));
    if (kept.length === 1) {
      delete copy[key];
      Object.assign(copy, asNode(kept[0]));
    } else copy[key] = kept;
  }
  return copy;
}

export function fieldKind(schema: unknown): FieldKind {
  const node = withoutNull(asNode(schema));
  if (Array.isArray(node.enum)) return { kind: 'enum', enumValues: node.enum };
  if ('const' in node) return { kind: 'enum', enumValues: [node.const] };
  const union = (node.oneOf ?? node.anyOf) as unknown;
  if (Array.isArray(union) && union.length > 0) return { kind: 'choice', variants: union.map(asNode) };
  const [type, ...others] = types(node);
  if (others.length > 0) return { kind: 'json' };
  if (type === 'string') return { kind: 'string' };
  if (type === 'number' || type === 'integer') return { kind: 'number', integer: type === 'integer' };
  if (type === 'boolean') return { kind: 'boolean' };
  if (type === 'array' && !Array.isArray(node.items)) return { kind: 'array', items: asNode(node.items) };
  const properties = asNode(node.properties);
  if (type === 'object' || (type === undefined && Object.keys(properties).length > 0)) {
    const required = Array.isArray(node.required)
      ? node.required.filter((name): name is string => typeof name === 'string')
      : [];
    return { kind: 'object', properties: properties as Record<string, SchemaNode>, required };
  }
  return { kind: 'json' };
}

/** The value a fresh field starts with: the schema's default, else nothing (the key is left out). */
export function initialValue(schema: unknown): unknown {
  const node = asNode(schema);
  if ('default' in node) return node.default;
  const kind = fieldKind(node);
  if (kind.kind === 'object') {
    const value: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(kind.properties)) {
      const start = initialValue(property);
      if (start !== undefined) value[name] = start;
    }
    return value;
  }
  return undefined;
}

/** Which union variant a value fits best: the first whose `type` matches it, else the first. */
export function variantIndexFor(variants: SchemaNode[], value: unknown): number {
  const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const found = variants.findIndex((variant) => {
    const kinds = types(variant);
    return kinds.includes(actual) || (actual === 'number' && kinds.includes('integer'));
  });
  return Math.max(0, found);
}

export function variantLabel(variant: SchemaNode, index: number): string {
  const title = typeof variant.title === 'string' ? variant.title : undefined;
  return title ?? (types(variant).join(' | ') || `option ${index + 1}`);
}
