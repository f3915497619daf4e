import { TpmjsError } from './tpmjsErrors';

export interface ExecutableTool {
  execute(params: unknown, options?: unknown): unknown;
}

const hasExecute = (value: unknown): value is ExecutableTool =>
  (typeof value === 'object' || typeof value === 'function') &&
  value !== null &&
  typeof (value as { execute?: unknown }).execute === 'function';

function ownExport(container: unknown, name: string): unknown {
  if ((typeof container !== 'object' && typeof container !== 'function') || container === null)
    return undefined;
  return Object.prototype.hasOwnProperty.call(container, name)
    ? (container as Record<string, unknown>)[name]
    : undefined;
}

/** The default export stands for the tool when asked for by `default` or by its own name. */
function defaultMatches(candidate: unknown, name: string): boolean {
  if (name === 'default') return true;
  if (typeof candidate !== 'function' && (typeof candidate !== 'object' || candidate === null)) return false;
  return ownExport(candidate, 'name') === name;
}

/**
 * Finds the tool a package exports under `name`, in the protocol's recommended order: `pkg[name]`,
 * `pkg.default[name]`, `pkg.default` itself; a function without `.execute` is a factory, called once
 * with no arguments.
 */
export async function resolveToolExport(pkg: unknown, name: string): Promise<ExecutableTool> {
  const defaultExport = ownExport(pkg, 'default');
  const candidate =
    ownExport(pkg, name) ??
    ownExport(defaultExport, name) ??
    (defaultMatches(defaultExport, name) ? defaultExport : undefined);
  if (candidate === undefined || candidate === null) {
    throw new TpmjsError('TOOL_NOT_FOUND', `the package has no export named '${name}'`);
  }
  if (hasExecute(candidate)) return candidate;
  if (typeof candidate !== 'function') {
    throw new TpmjsError('TOOL_INVALID', `export '${name}' has no execute() method`);
  }
  let made: unknown;
  try {
    made = await (candidate as () => unknown)();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TpmjsError(
      'TOOL_INVALID',
      `export '${name}' is a function without execute(); calling it as a factory threw: ${reason}`,
    );
  }
  if (hasExecute(made)) return made;
  throw new TpmjsError(
    'TOOL_INVALID',
    `export '${name}' is a function without execute(), and calling it with no arguments did not return a tool with execute()`,
  );
}
