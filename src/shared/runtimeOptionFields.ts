import { formatCount } from './format/plural';
import { RUNTIME_OPTION_RANGES, runtimeOptionProblem, type RuntimeOptionName } from './runtimeOptions';

/** How a runtime option is shown and typed: its label, its unit, and the range in that unit. */
export interface RuntimeOptionField {
  name: RuntimeOptionName;
  label: string;
  unit: string;
  title: string;
  /** Bytes per unit typed (memory is typed in MiB); 1 for the others. */
  scale: number;
  /** The accepted range in the typed unit, from RUNTIME_OPTION_RANGES: one range for the host and the page. */
  min: number;
  max: number;
}

const MIB = 1024 * 1024;

function field(
  name: RuntimeOptionName,
  label: string,
  unit: string,
  title: string,
  scale = 1,
): RuntimeOptionField {
  const { min, max } = RUNTIME_OPTION_RANGES[name];
  return { name, label, unit, title, scale, min: Math.ceil(min / scale), max: Math.floor(max / scale) };
}

export const RUNTIME_OPTION_FIELDS: readonly RuntimeOptionField[] = Object.freeze([
  field('timeoutMs', 'Timeout', 'ms', 'Wall-clock budget for the whole run'),
  field('memoryLimitBytes', 'Memory', 'MiB', 'QuickJS heap limit', MIB),
  field('maxLogLines', 'Log lines', '', 'Most console lines kept'),
  field('maxLogChars', 'Log chars', '', 'Most console characters kept'),
]);

export function runtimeOptionField(name: RuntimeOptionName): RuntimeOptionField {
  return RUNTIME_OPTION_FIELDS.find((f) => f.name === name)!;
}

/** "from 0 to 4,000,000", in the field's unit. */
export function describeFieldRange(f: RuntimeOptionField): string {
  return `from ${formatCount(f.min)} to ${formatCount(f.max)}${f.unit ? ` ${f.unit}` : ''}`;
}

/**
 * What is wrong with a value typed into a field (in its unit), in words, or undefined when it is
 * accepted: "Log chars must be a whole number from 0 to 4,000,000".
 */
export function typedRuntimeOptionProblem(f: RuntimeOptionField, typed: string | number): string | undefined {
  const text = String(typed).trim();
  const value = Number(text);
  if (/^\d+$/.test(text) && Number.isSafeInteger(value) && value >= f.min && value <= f.max) return undefined;
  return `${f.label} must be a whole number ${describeFieldRange(f)}`;
}

/** The problem with a stored value of option `name` (in its own unit: bytes, ms), or undefined. */
export function storedRuntimeOptionProblem(name: RuntimeOptionName, value: unknown): string | undefined {
  if (runtimeOptionProblem(name, value) === undefined) return undefined;
  const f = runtimeOptionField(name);
  const shown = typeof value === 'number' ? ` (got ${formatCount(value / f.scale)})` : '';
  return `${f.label} must be a whole number ${describeFieldRange(f)}${shown}`;
}

/** The first stored limit the host would refuse, in words, or undefined when all are in range. */
export function runtimeLimitsProblem(
  limits: Partial<Record<RuntimeOptionName, unknown>> | undefined,
): string | undefined {
  for (const f of RUNTIME_OPTION_FIELDS) {
    const value = limits?.[f.name];
    if (value !== undefined) {
      const problem = storedRuntimeOptionProblem(f.name, value);
      if (problem) return problem;
    }
  }
  return undefined;
}
