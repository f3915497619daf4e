import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { JsonSchema } from './types';

// ajv is loaded on the first compile, not at import: most commands never compile a schema.
const load = createRequire(import.meta.url);

export type SchemaDialect = 'draft-07' | '2019-09' | '2020-12';

/** Validates a value; returns undefined when valid, else messages naming each failing path. */
export type SchemaValidator = (value: unknown) => string | undefined;

type AjvLike = Pick<Ajv, 'compile' | 'removeSchema'>;

const instances = new Map<SchemaDialect, AjvLike>();

function ajvFor(dialect: SchemaDialect): AjvLike {
  let ajv = instances.get(dialect);
  if (!ajv) {
    // strict: false so upstream schemas with vendor keywords (x-*, examples in odd places) still load.
    const settings = { allErrors: true, strict: false, validateFormats: true };
    const created =
      dialect === 'draft-07'
        ? new (load('ajv') as typeof import('ajv')).Ajv(settings)
        : dialect === '2019-09'
          ? new (load('ajv/dist/2019.js') as typeof import('ajv/dist/2019.js')).Ajv2019(settings)
          : new (load('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020(settings);
    const addFormats = load('ajv-formats') as typeof import('ajv-formats').default;
    addFormats(created as unknown as Parameters<typeof addFormats>[0]);
    ajv = created;
    instances.set(dialect, ajv);
  }
  return ajv;
}

/** The dialect named by `$schema`; undefined when absent. Throws for a dialect ajv cannot check. */
export function schemaDialect(schema: JsonSchema): SchemaDialect | undefined {
  if (typeof schema !== 'object') return undefined;
  const declared = schema.$schema;
  if (declared === undefined) return undefined;
  if (typeof declared !== 'string') throw new Error('$schema must be a string');
  if (/json-schema\.org\/draft-0[67]\/schema/.test(declared)) return 'draft-07';
  if (/json-schema\.org\/draft\/2019-09\/schema/.test(declared)) return '2019-09';
  if (/json-schema\.org\/draft\/2020-12\/schema/.test(declared)) return '2020-12';
  throw new Error(`unsupported $schema ${JSON.stringify(declared)} (supported: draft-07, 2019-09, 2020-12)`);
}

function formatError(root: string, error: ErrorObject): string {
  const path = `${root}${error.instancePath}`;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return `${path} must have required property ${JSON.stringify(params.missingProperty)}`;
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return `${path} must not have additional property ${JSON.stringify(params.additionalProperty)}`;
  }
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    return `${path} must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return `${path} ${error.message ?? 'is invalid'}`;
}

const MAX_CACHED = 512;
const compiled = new Map<string, ValidateFunction>();

function cacheKey(dialect: SchemaDialect, schema: JsonSchema): string | undefined {
  try {
    return `${dialect}:${JSON.stringify(schema)}`;
  } catch {
    return undefined; // a cyclic schema object: ajv will explain the failure
  }
}

function compileWith(dialect: SchemaDialect, schema: JsonSchema): ValidateFunction {
  const key = cacheKey(dialect, schema);
  const cached = key === undefined ? undefined : compiled.get(key);
  if (cached) return cached;
  const ajv = ajvFor(dialect);
  const validate = ajv.compile(schema);
  // Forget the schema so another tool may reuse the same $id; the compiled function stays valid.
  if (typeof schema === 'object') ajv.removeSchema(schema);
  if (key !== undefined) {
    if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, validate);
  }
  return validate;
}

/**
 * Compiles `schema` with ajv (+ ajv-formats) in the dialect its `$schema` names. Without `$schema`,
 * 2020-12 is tried first (the MCP default) and draft-07 second, so draft-07-only forms such as
 * `items: [..]` tuples still load. Throws with ajv's explanation when the schema is invalid.
 * `root` names the value in messages, e.g. `input/q must be string`.
 */
export function compileSchemaValidator(schema: JsonSchema, root: string): SchemaValidator {
  const declared = schemaDialect(schema);
  let validate: ValidateFunction;
  if (declared) {
    validate = compileWith(declared, schema);
  } else {
    try {
      validate = compileWith('2020-12', schema);
    } catch (error) {
      try {
        validate = compileWith('draft-07', schema);
      } catch {
        throw error;
      }
    }
  }
  return (value) => {
    if (validate(value)) return undefined;
    const errors = validate.errors ?? [];
    const shown = errors.slice(0, 5).map((error) => formatError(root, error));
    if (errors.length > shown.length) shown.push(`and ${errors.length - shown.length} more`);
    return shown.join('; ') || `${root} is invalid`;
  };
}
