import { isIdentifierName } from '../../../shared/protocol/identifiers';
import { formatJsDoc } from './formatJsDoc';
import type { JsonSchema } from './types';

type SchemaObject = Record<string, unknown>;

const MAX_DEPTH = 40;
const TS_RESERVED = new Set([
  'any',
  'unknown',
  'never',
  'string',
  'number',
  'boolean',
  'object',
  'symbol',
  'bigint',
  'undefined',
  'null',
  'void',
]);

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pascalCase(text: string): string {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const joined = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  return /^\p{L}/u.test(joined) ? joined : `T${joined}`;
}

function propertyKey(name: string): string {
  return isIdentifierName(name) ? name : JSON.stringify(name);
}

function literalType(value: unknown): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number')
    return Number.isFinite(value) ? (value < 0 ? `(${value})` : String(value)) : 'number';
  if (Array.isArray(value)) return `readonly [${value.map(literalType).join(', ')}]`;
  if (isObject(value)) {
    const members = Object.entries(value).map(
      ([key, item]) => `readonly ${propertyKey(key)}: ${literalType(item)}`,
    );
    return `{ ${members.join('; ')} }`;
  }
  return 'unknown';
}

/** Parenthesizes a type that has a top-level `|` or `&`, so it can be a union/intersection member. */
function member(type: string): string {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < type.length; i++) {
    const char = type[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"') quote = char;
    else if ('([{<'.includes(char)) depth++;
    else if (')]}>'.includes(char)) depth--;
    else if (depth === 0 && (char === '|' || char === '&')) return `(${type})`;
  }
  return type;
}

function union(types: string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes('unknown')) return 'unknown';
  const members = unique.filter((type) => type !== 'never');
  if (members.length === 0) return 'never';
  return members.length === 1 ? members[0]! : members.map(member).join(' | ');
}

function intersection(types: string[]): string {
  const members = [...new Set(types)].filter((type) => type !== 'unknown');
  if (members.length === 0) return 'unknown';
  return members.length === 1 ? members[0]! : members.map(member).join(' & ');
}

/**
 * Converts one JSON Schema (input or output of a tool) into TypeScript. Local `$ref`s (`#`,
 * `#/$defs/X`, `#/definitions/X`, any local JSON pointer) become named type aliases collected in
 * `declarations`, so recursive schemas produce recursive types. Remote refs become `unknown`.
 */
export class SchemaToTypeScript {
  readonly declarations: string[] = [];
  private readonly refNames = new Map<string, string>();
  private readonly usedNames: Set<string>;

  constructor(
    private readonly root: JsonSchema,
    private readonly rootName: string,
    usedNames: Set<string>,
  ) {
    this.usedNames = usedNames;
  }

  /** The type of the root schema, declared as `rootName` so `#` refs can point at it. */
  rootType(): string {
    return this.refType('#');
  }

  private uniqueName(base: string): string {
    let name = TS_RESERVED.has(base.toLowerCase()) ? `${base}Type` : base;
    for (let n = 2; this.usedNames.has(name); n++) name = `${base}${n}`;
    this.usedNames.add(name);
    return name;
  }

  private resolvePointer(pointer: string): JsonSchema | undefined {
    if (pointer === '#') return this.root;
    if (!pointer.startsWith('#/')) return undefined;
    let current: unknown = this.root;
    for (const raw of pointer.slice(2).split('/')) {
      const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObject(current) && !Array.isArray(current)) return undefined;
      current = (current as Record<string, unknown>)[segment];
    }
    return typeof current === 'boolean' || isObject(current) ? current : undefined;
  }

  private refType(pointer: string): string {
    const known = this.refNames.get(pointer);
    if (known) return known;
    const target = this.resolvePointer(pointer);
    if (target === undefined) return 'unknown';
    const last = pointer === '#' ? '' : pointer.slice(pointer.lastIndexOf('/') + 1);
    const name = this.uniqueName(
      pointer === '#' ? this.rootName : `${this.rootName}${pascalCase(last) || 'Ref'}`,
    );
    this.refNames.set(pointer, name);
    // A ref that only points at another ref (or itself) would be a circular alias: stop at unknown.
    const body = this.isAliasCycle(pointer) ? 'unknown' : this.toType(target, 0, '    ');
    const doc = isObject(target)
      ? formatJsDoc([stringOf(target.title), stringOf(target.description)], '  ')
      : '';
    this.declarations.push(`${doc}  type ${name} = ${body};\n`);
    return name;
  }

  private isAliasCycle(pointer: string): boolean {
    const seen = new Set<string>();
    let current: string | undefined = pointer;
    while (current !== undefined) {
      if (seen.has(current)) return true;
      seen.add(current);
      const schema = this.resolvePointer(current);
      const ref: unknown = isObject(schema) ? schema.$ref : undefined;
      current = typeof ref === 'string' && Object.keys(schema as SchemaObject).length === 1 ? ref : undefined;
    }
    return false;
  }

  /** TypeScript for `schema`; `indent` is the indentation of the lines inside an object literal. */
  toType(schema: JsonSchema, depth: number, indent: string): string {
    if (schema === true) return 'unknown';
    if (schema === false) return 'never';
    if (!isObject(schema) || depth > MAX_DEPTH) return 'unknown';

    const parts: string[] = [];
    if (typeof schema.$ref === 'string')
      parts.push(schema.$ref.startsWith('#') ? this.refType(schema.$ref) : 'unknown');
    if ('const' in schema) parts.push(literalType(schema.const));
    else if (Array.isArray(schema.enum)) parts.push(union(schema.enum.map(literalType)));
    else {
      const own = this.ownType(schema, depth, indent);
      if (own !== undefined) parts.push(own);
    }
    if (Array.isArray(schema.allOf))
      parts.push(...schema.allOf.map((member) => this.toType(member as JsonSchema, depth + 1, indent)));
    for (const key of ['anyOf', 'oneOf'] as const) {
      const members = schema[key];
      if (Array.isArray(members))
        parts.push(union(members.map((member) => this.toType(member as JsonSchema, depth + 1, indent))));
    }
    const type = intersection(parts);
    return schema.nullable === true && type !== 'unknown' ? union([type, 'null']) : type;
  }

  /** The type from `type` and the keywords that shape it; undefined when the schema says nothing. */
  private ownType(schema: SchemaObject, depth: number, indent: string): string | undefined {
    const declared = schema.type;
    const types = Array.isArray(declared)
      ? declared.filter((t): t is string => typeof t === 'string')
      : typeof declared === 'string'
        ? [declared]
        : undefined;
    if (types) return union(types.map((type) => this.typeFor(type, schema, depth, indent)));
    if (
      isObject(schema.properties) ||
      schema.additionalProperties !== undefined ||
      schema.patternProperties !== undefined
    ) {
      return this.objectType(schema, depth, indent);
    }
    if (schema.items !== undefined || schema.prefixItems !== undefined)
      return this.arrayType(schema, depth, indent);
    return undefined;
  }

  private typeFor(type: string, schema: SchemaObject, depth: number, indent: string): string {
    switch (type) {
      case 'string':
        return 'string';
      case 'number':
      case 'integer':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array':
        return this.arrayType(schema, depth, indent);
      case 'object':
        return this.objectType(schema, depth, indent);
      default:
        return 'unknown';
    }
  }

  private arrayType(schema: SchemaObject, depth: number, indent: string): string {
    const tuple = Array.isArray(schema.prefixItems)
      ? schema.prefixItems
      : Array.isArray(schema.items)
        ? schema.items
        : undefined;
    const rest: unknown = Array.isArray(schema.prefixItems)
      ? schema.items
      : Array.isArray(schema.items)
        ? schema.additionalItems
        : schema.items;
    const restType = rest === undefined ? 'unknown' : this.toType(rest as JsonSchema, depth + 1, indent);
    if (!tuple) return `Array<${restType}>`;
    const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const elements = tuple.map(
      (item, index) => `${this.toType(item as JsonSchema, depth + 1, indent)}${index < minItems ? '' : '?'}`,
    );
    if (restType !== 'never') elements.push(`...Array<${restType}>`);
    return `[${elements.join(', ')}]`;
  }

  private objectType(schema: SchemaObject, depth: number, indent: string): string {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(
      Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [],
    );
    const inner = `${indent}  `;
    const lines: string[] = [];
    const valueTypes: string[] = [];
    for (const [name, propertySchema] of Object.entries(properties)) {
      const type = this.toType(propertySchema as JsonSchema, depth + 1, inner);
      valueTypes.push(type);
      const doc = isObject(propertySchema)
        ? formatJsDoc([stringOf(propertySchema.description), defaultLine(propertySchema)], indent)
        : '';
      lines.push(`${doc}${indent}${propertyKey(name)}${required.has(name) ? '' : '?'}: ${type};`);
    }
    const extra: string[] = [];
    const additional = schema.additionalProperties;
    if (additional === true || isObject(additional)) extra.push(this.toType(additional, depth + 1, inner));
    if (isObject(schema.patternProperties)) {
      for (const pattern of Object.values(schema.patternProperties))
        extra.push(this.toType(pattern as JsonSchema, depth + 1, inner));
    }
    if (additional === undefined && Object.keys(properties).length === 0 && extra.length === 0)
      extra.push('unknown');
    if (extra.length > 0) {
      // An index signature must admit every declared property's type too.
      const optional = Object.keys(properties).some((name) => !required.has(name)) ? ['undefined'] : [];
      lines.push(`${indent}[key: string]: ${union([...extra, ...valueTypes, ...optional])};`);
    }
    if (lines.length === 0) return '{}';
    return `{\n${lines.join('\n')}\n${indent.slice(2)}}`;
  }
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function defaultLine(schema: SchemaObject): string | undefined {
  if (!('default' in schema)) return undefined;
  try {
    return `@default ${JSON.stringify(schema.default)}`;
  } catch {
    return undefined;
  }
}
