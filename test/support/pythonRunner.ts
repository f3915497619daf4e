import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The example runner in Python (examples/python-runner), which runs QuickJS through wasmtime. */
export const PYTHON_RUNNER = fileURLToPath(
  new URL('../../examples/python-runner/runner.py', import.meta.url),
);
export const PYTHON_RUNNER_ARGV = ['python3', PYTHON_RUNNER];
export const PYTHON_RUNNER_COMMAND = `python3 '${PYTHON_RUNNER}'`;

/**
 * Why the Python runner cannot run here (no python3, or no wasmtime for it), or undefined when it
 * can. CI sets EXECBOX_REQUIRE_PYTHON_RUNNER=1 after `pip install wasmtime`, so there a missing
 * Python fails the tests instead of skipping them.
 */
export function pythonRunnerMissing(): string | undefined {
  const probe = spawnSync('python3', ['-c', 'import wasmtime'], { encoding: 'utf8' });
  let reason: string | undefined;
  if (probe.error) reason = `python3 could not be started (${probe.error.message})`;
  else if (probe.status !== 0)
    reason = `python3 has no wasmtime (pip install wasmtime): ${probe.stderr.trim().split('\n').at(-1) ?? ''}`;
  if (reason && process.env.EXECBOX_REQUIRE_PYTHON_RUNNER === '1')
    throw new Error(`EXECBOX_REQUIRE_PYTHON_RUNNER=1 but ${reason}`);
  return reason;
}
