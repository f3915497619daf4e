import type { JsonSchema } from './types';

/** Whether the schema's top level declares `type: "object"` (alone or in a type array). */
export function isObjectTypedSchema(schema: JsonSchema | undefined): boolean {
  if (typeof schema !== 'object') return false;
  const type = schema.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/**
 * What a tool receives when the guest passed no input: `{}` for object-typed input schemas (so
 * `tools.list()` works against the usual `{ type: "object", properties: {} }`), else undefined.
 */
export function inputForOmitted(schema: JsonSchema | undefined): unknown {
  return isObjectTypedSchema(schema) ? {} : undefined;
}
