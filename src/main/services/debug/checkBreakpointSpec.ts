import type { BreakpointSpec } from '../../../shared/api/debug';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { ConditionSyntaxError, parseCondition, type Condition } from './parseCondition';

const SPEC_KEYS = new Set(['providerName', 'toolName', 'condition', 'enabled']);

export interface CheckedBreakpointSpec {
  spec: BreakpointSpec;
  condition?: Condition;
}

/** Validates a breakpoint from the (untrusted) renderer; errors say which field and why. */
export function checkBreakpointSpec(value: unknown): CheckedBreakpointSpec {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidArgumentError('a breakpoint must be an object');
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!SPEC_KEYS.has(key)) throw new InvalidArgumentError(`breakpoint.${key} is not a breakpoint field`);
  }
  const spec: BreakpointSpec = {};
  for (const key of ['providerName', 'toolName', 'condition'] as const) {
    const field = record[key];
    if (field === undefined || field === null || field === '') continue;
    if (typeof field !== 'string') throw new InvalidArgumentError(`breakpoint.${key} must be a string`);
    spec[key] = key === 'condition' ? field : field.trim();
  }
  if (record.enabled !== undefined) {
    if (typeof record.enabled !== 'boolean')
      throw new InvalidArgumentError('breakpoint.enabled must be a boolean');
    spec.enabled = record.enabled;
  }
  if (spec.toolName && !spec.providerName)
    throw new InvalidArgumentError('breakpoint.toolName needs breakpoint.providerName');
  if (spec.condition === undefined || spec.condition.trim() === '') {
    delete spec.condition;
    return { spec };
  }
  try {
    return { spec, condition: parseCondition(spec.condition) };
  } catch (error) {
    if (error instanceof ConditionSyntaxError)
      throw new InvalidArgumentError(`breakpoint.condition: ${error.message}`);
    throw error;
  }
}
