import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTranscript } from '../../src/shared/transcriptFile';
import askCommand, { runTranscriptFile } from '../../src/main/faces/cli/askCommand';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import { writeTestWorkspace } from '../mcpServer/mcpFixture';
import { runCliCommand } from '../support/runCliCommand';
import { startFakeModelServer, type FakeModelServer, type ScriptedReply } from '../support/fakeModelServer';

const KEY = 'sk-cli-0a1b2c3d4e5f6a7b8c9d';
const PRICE_CODE = "const price = await shop.price({ item: 'tea' });\nreturn { price };";

let server: FakeModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function askWith(api: 'openai' | 'anthropic', script: ScriptedReply[], extra: string[] = []) {
  server = await startFakeModelServer(api, script);
  const workspace = await writeTestWorkspace();
  await createFileSecretStore(workspace.configDir).set('MODEL_KEY', KEY);
  const transcript = path.join(workspace.dir, 'ask.jsonl');
  const args = [
    'How much is tea?',
    '--workspace',
    workspace.file,
    '--model',
    'fake-model',
    '--base-url',
    server.baseUrl,
    '--api',
    api,
    '--key-secret',
    'MODEL_KEY',
    '--config-dir',
    workspace.configDir,
    '--executor',
    'inprocess',
    '--transcript',
    transcript,
    ...extra,
  ];
  return { ...(await runCliCommand(askCommand, args)), transcript, server };
}

const call = (id: string, code: string) => ({ id, arguments: JSON.stringify({ code }) });

describe('execbox ask', { timeout: 60_000 }, () => {
  it.each([
    ['openai', []],
    ['anthropic', ['--no-stream']],
  ] as const)(
    'prints only the %s model’s answer on stdout, the rest on stderr, and saves every run',
    async (api, extra) => {
      const outcome = await askWith(
        api,
        [
          { text: 'Looking it up.', toolCalls: [call('c1', "throw new Error('oops');")] },
          { text: 'Fixed it.', toolCalls: [call('c2', PRICE_CODE)] },
          { text: 'Tea costs 4.' },
        ],
        [...extra],
      );
      expect(outcome.code).toBe(0);
      expect(outcome.stdout).toBe('Tea costs 4.\n');
      expect(outcome.stderr).toContain('Looking it up.');
      expect(outcome.stderr).toMatch(/run 1 \([0-9a-f-]+\): running the model's code/);
      expect(outcome.stderr).toMatch(
        /run 1: failed in [\d.]+ m?s \(0 tool calls\): runtime_error: Error: oops \(line 1\)/,
      );
      expect(outcome.stderr).toContain('calling shop.price');
      expect(outcome.stderr).toMatch(/run 2: ok in [\d.]+ m?s, 1 tool call/);
      expect(outcome.stderr).toContain('answered after 3 turns and 2 runs');
      for (const [run, code] of [
        [1, "throw new Error('oops');"],
        [2, PRICE_CODE],
      ] as const) {
        const file = runTranscriptFile(outcome.transcript, run);
        const parsed = parseTranscript(await readFile(file, 'utf8'));
        expect(parsed.problems).toEqual([]);
        expect(parsed.header).toMatchObject({ code, name: `fake-model run ${run}` });
      }
    },
  );

  it('masks the key on stdout, stderr and in the transcripts', async () => {
    const outcome = await askWith('openai', [
      {
        text: `Key ${KEY}!`,
        toolCalls: [call('c1', `console.log(${JSON.stringify(KEY)}); return ${JSON.stringify(KEY)};`)],
      },
      { text: `Your key: ${KEY}` },
    ]);
    expect(outcome.code).toBe(0);
    expect(outcome.server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(outcome.stdout).toBe('Your key: «secret:MODEL_KEY»\n');
    expect(outcome.stderr).toContain('Key «secret:MODEL_KEY»!');
    expect(outcome.stderr).not.toContain(KEY);
    const transcript = await readFile(runTranscriptFile(outcome.transcript, 1), 'utf8');
    expect(transcript).toContain('«secret:MODEL_KEY»');
    expect(transcript).not.toContain(KEY);
  });

  it('exits 1 out of turns, saying so', async () => {
    const outcome = await askWith(
      'openai',
      [{ toolCalls: [call('c1', 'return 1;')] }, { toolCalls: [call('c2', 'return 2;')] }],
      ['--max-turns', '2'],
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toContain(
      'execbox ask: out of turns: the model used all 2 turns without a final answer',
    );
  });

  it('exits 1 when the model server fails, saying so', async () => {
    const outcome = await askWith('anthropic', [{ status: 401 }]);
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toMatch(/execbox ask: failed: the model server failed: 401/);
  });

  it('refuses a bad command line with exit 2', async () => {
    const workspace = await writeTestWorkspace();
    const cases: [string[], RegExp][] = [
      [['t', '--workspace', workspace.file, '--base-url', 'http://127.0.0.1:9'], /--model NAME is required/],
      [['t', '--workspace', workspace.file, '--model', 'm'], /--base-url URL is required/],
      [
        ['t', '--workspace', workspace.file, '--model', 'm', '--base-url', 'ftp://x'],
        /--base-url must be an http/,
      ],
      [
        [
          't',
          '--workspace',
          workspace.file,
          '--model',
          'm',
          '--base-url',
          'http://127.0.0.1:9',
          '--api',
          'x',
        ],
        /--api must be one of openai, anthropic/,
      ],
      [
        [
          't',
          '--workspace',
          workspace.file,
          '--model',
          'm',
          '--base-url',
          'http://127.0.0.1:9',
          '--max-turns',
          '0',
        ],
        /--max-turns must be a whole number/,
      ],
      [['--workspace', workspace.file, '--model', 'm', '--base-url', 'http://127.0.0.1:9'], /missing "TASK"/],
      [['t', '--model', 'm', '--base-url', 'http://127.0.0.1:9'], /--workspace W.execbox.json is required/],
      [
        [
          't',
          '--workspace',
          workspace.file,
          '--model',
          'm',
          '--base-url',
          'http://127.0.0.1:9',
          '--key-secret',
          'NOPE',
          '--config-dir',
          workspace.configDir,
        ],
        /model 'm' needs the secret 'NOPE', which is not in the secret store/,
      ],
    ];
    for (const [args, message] of cases) {
      const outcome = await runCliCommand(askCommand, args);
      expect(outcome.code).toBe(2);
      expect(outcome.stdout).toBe('');
      expect(outcome.stderr).toMatch(message);
    }
  });
});
