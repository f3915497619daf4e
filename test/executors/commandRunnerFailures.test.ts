import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import { createCommandExecutor } from '../../src/main/engine/executors/createCommandExecutor';
import type { ShellExecutor } from '../../src/main/engine/executors/createShellExecutor';
import type { HostEvent } from '../../src/shared/transcript';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/command-runners/${name}.cjs`, import.meta.url));

const providers = [
  resolveProvider({
    name: 'tools',
    tools: {
      hang: {
        execute: (_input, context) =>
          new Promise((resolve) => context.signal.addEventListener('abort', resolve)),
      },
    },
  }),
];

let executor: ShellExecutor | undefined;
afterEach(async () => {
  await executor?.dispose();
  executor = undefined;
});

/** One run on the fixture runner, as `{ kind: 'command', command: 'node', args: [FILE] }` runs it. */
async function runOn(
  name: string,
  options: { signal?: AbortSignal; onEvent?: (event: HostEvent) => void } = {},
) {
  executor = createCommandExecutor({ command: process.execPath, args: [fixture(name)], mode: 'ephemeral' });
  const events: HostEvent[] = [];
  const result = await executor.execute('await tools.hang(1)', providers, {
    timeoutMs: 60_000,
    ...(options.signal ? { signal: options.signal } : {}),
    hooks: {
      onHostEvent: (event) => {
        events.push(event);
        options.onEvent?.(event);
      },
    },
  });
  return { result, events };
}

describe('a command runner that breaks the protocol is reported in words', () => {
  it('a line that is not JSON ends the run at once, naming the protocol break and its section', async () => {
    const { result, events } = await runOn('garbage');
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    if (result.ok) return;
    expect(result.error.message).toMatch(/^the runner broke the protocol: .*not JSON/);
    expect(result.error.message).toContain('docs/protocol.md#messages');
    expect(events).toContainEqual(expect.objectContaining({ type: 'malformed_message' }));
  });

  it('a runner that exits mid-call is reported with its exit code and the end of its stderr', async () => {
    const { result, events } = await runOn('exitsMidCall');
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    if (result.ok) return;
    expect(result.error.message).toBe(
      'the runner went away before finishing: the runner exited with code 3; its stderr ended with:\nrunner.py: lost my engine, bye',
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool_dispatch_started', toolName: 'hang' }),
    );
  });

  it('a runner that ignores cancel is killed after the grace and the run ends as cancelled', async () => {
    const controller = new AbortController();
    // Cancelled once its call is out: the runner has started and waits for the answer.
    const { result, events } = await runOn('ignoresCancel', {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'tool_dispatch_started') controller.abort('user');
      },
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'timeout', message: 'Execution was cancelled' },
    });
    expect(events).toContainEqual({ type: 'cancel_requested', reason: 'user' });
    expect(events).toContainEqual({
      type: 'hard_kill',
      reason: 'the runner did not finish within 500 ms of cancel',
    });
  });

  it("a runner that floods stdout is stopped at the protocol's line limit, saying so", async () => {
    const { result, events } = await runOn('floodsStdout');
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    if (result.ok) return;
    expect(result.error.message).toBe(
      'the runner transport failed: a line longer than 33554432 bytes was dropped',
    );
    expect(events).toContainEqual(expect.objectContaining({ type: 'hard_kill' }));
  }, 60_000);

  it('a command that cannot start is named with the reason', async () => {
    executor = createCommandExecutor({ command: '/no/such/runner', mode: 'ephemeral' });
    const result = await executor.execute('1', providers);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    if (!result.ok)
      expect(result.error.message).toMatch(
        /could not start \/no\/such\/runner: spawn \/no\/such\/runner ENOENT/,
      );
  });
});
