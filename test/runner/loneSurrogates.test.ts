import { afterAll, describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import type { Executor } from '../../src/main/engine/core/types';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { createProcessExecutor } from '../../src/main/engine/executors/createProcessExecutor';
import { createWorkerExecutor } from '../../src/main/engine/executors/createWorkerExecutor';
import { attachRunnerEndpoint } from '../../src/runner/attachRunnerEndpoint';
import { createInMemoryTransportPair } from '../../src/main/engine/transports/createInMemoryTransportPair';
import { LOG_STREAM_MESSAGE_TYPE, type LogStreamMessage } from '../../src/shared/protocol/logStreamMessage';
import { DEFAULT_RUNTIME_OPTIONS } from '../../src/shared/runtimeOptions';
import type { ToolCallMessage } from '../../src/shared/protocol/messages';
import { SURROGATE_TEXTS } from '../support/surrogateTexts';

const providers = [resolveProvider({ name: 'tools', tools: { echo: { execute: (input) => input } } })];

/** Code that logs `text` every way a console line is made: first lines, formatted, described, kept in the guest, and thrown. */
const loggingCode = (text: string) => `
  const s = ${JSON.stringify(text)};
  console.log(s);
  console.warn('a', s);
  console.error(new Error(s));
  for (let i = 0; i < 40; i++) console.log('pad');
  console.log(s);
  console.info('b', s);
  await tools.echo(s);
  throw new Error(s);`;
const loggedLines = (text: string) => [
  text,
  `a ${text}`,
  `Error: ${text}`,
  ...Array.from({ length: 40 }, () => 'pad'),
  text,
  `b ${text}`,
];

/** Each executor, and whether it streams console lines as guest_console events. */
const executors: [string, Executor, boolean][] = [
  ['in-process, streamed', createInProcessExecutor(), true],
  ['in-process, not streamed', createInProcessExecutor({ logStream: false }), false],
  [
    'a worker, streamed',
    createWorkerExecutor({ runnerEntryPath: TEST_RUNNER_ENTRY, mode: 'ephemeral' }),
    true,
  ],
  [
    'the runner process, streamed',
    createProcessExecutor({ runnerEntryPath: TEST_RUNNER_ENTRY, mode: 'ephemeral' }),
    true,
  ],
];
afterAll(() => Promise.all(executors.map(([, executor]) => executor.dispose())));

describe('console lines with lone surrogates', () => {
  for (const [path, executor, streams] of executors)
    for (const [what, text] of Object.entries(SURROGATE_TEXTS))
      it(`come out exact with ${what}: ${path}`, async () => {
        const streamed: string[] = [];
        const inputs: unknown[] = [];
        const result = await executor.execute(loggingCode(text), providers, {
          hooks: {
            onHostEvent: (event) => {
              if (event.type === 'guest_console') streamed.push(...event.lines.map((line) => line.text));
            },
            onMessage: ({ message }) => {
              if (message.type === 'tool_call') inputs.push((message as ToolCallMessage).input);
            },
          },
        });
        expect(result).toMatchObject({ ok: false, error: { code: 'runtime_error', message: text } });
        expect(result.logs).toEqual(loggedLines(text));
        expect(streamed).toEqual(streams ? loggedLines(text) : []);
        expect(inputs).toEqual([text]);
      });
});

describe('console lines with lone surrogates streamed while the guest is busy', () => {
  it('come out exact, read without running guest code', async () => {
    const pair = createInMemoryTransportPair();
    const lines: string[] = [];
    const texts = Object.values(SURROGATE_TEXTS);
    const last = `line ${texts.length}`;
    attachRunnerEndpoint(pair.runner, {
      onDiagnostic: () => {},
      logStream: true,
      interruptProbe: () => lines.includes(last),
    });
    const send = pair.runner.send.bind(pair.runner);
    pair.runner.send = (message) => {
      if ((message as { type: string }).type === LOG_STREAM_MESSAGE_TYPE)
        lines.push(...(message as unknown as LogStreamMessage).lines.map((line) => line.text));
      send(message);
    };
    const done = new Promise<void>((resolve) =>
      pair.host.onMessage((raw) => (raw as { type: string }).type === 'done' && resolve()),
    );
    // Past the first lines, so these wait in the guest, and the loop keeps the guest busy until they went out.
    pair.host.send({
      type: 'execute',
      id: 'exec-1',
      code: `for (let i = 0; i < 20; i++) console.log('pad');
        for (const text of ${JSON.stringify(texts)}) console.log(text);
        console.log(${JSON.stringify(last)});
        while (true) {}`,
      options: { ...DEFAULT_RUNTIME_OPTIONS, timeoutMs: 60_000 },
      providers: [],
    });
    await done;
    pair.host.dispose();
    expect(lines.filter((line) => line !== 'pad')).toEqual([...texts, last]);
  });
});
