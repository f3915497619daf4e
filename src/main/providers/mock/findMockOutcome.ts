import { isDeepStrictEqual } from 'node:util';
import type { MockCondition, MockOutcome, MockRule } from '../../../shared/api/providers';
import { readJsonPointer } from './readJsonPointer';

function conditionHolds(condition: MockCondition, input: unknown): boolean {
  const target = readJsonPointer(input, condition.path);
  if (condition.exists !== undefined) return target.found === condition.exists;
  if (!target.found) return false;
  const value = target.value;
  if ('equals' in condition) return isDeepStrictEqual(value, condition.equals);
  if ('contains' in condition) {
    if (typeof value === 'string' && typeof condition.contains === 'string') {
      return value.includes(condition.contains);
    }
    return Array.isArray(value) && value.some((item) => isDeepStrictEqual(item, condition.contains));
  }
  if (condition.matches !== undefined) {
    return typeof value === 'string' && new RegExp(condition.matches).test(value);
  }
  return false;
}

/** Whether every condition holds for `input` (no conditions: always). */
export function conditionsHold(conditions: readonly MockCondition[], input: unknown): boolean {
  return conditions.every((condition) => conditionHolds(condition, input));
}

/** The first rule whose conditions all hold decides; `otherwise` when none does. */
export function findMockOutcome(
  rules: readonly MockRule[],
  otherwise: MockOutcome | undefined,
  input: unknown,
): MockOutcome | undefined {
  const rule = rules.find((candidate) => conditionsHold(candidate.when, input));
  return rule ? rule.then : otherwise;
}
