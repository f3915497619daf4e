import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { askServerRequestOnTerminal } from '../../src/main/providers/mcp/askServerRequestOnTerminal';
import {
  openWorkspaceForRun,
  type WorkspaceForRun,
} from '../../src/main/services/workspace/openWorkspaceForRun';
import type { ServerRequest } from '../../src/shared/api/providers';
import { tempDir, writeWorkspace } from '../workspace/hostFixture';
import { serverEverythingStdio } from '../support/serverEverything';

/** A person at the terminal, typing these lines in order; the prompts are kept. */
function typist(lines: string[]) {
  const prompts: string[] = [];
  return {
    prompts,
    ask: async (prompt: string) => {
      prompts.push(prompt);
      const line = lines.shift();
      if (line === undefined) throw new Error(`nothing more to type at: ${prompt}`);
      return line;
    },
  };
}

const FORM: Extract<ServerRequest, { kind: 'elicitation' }> = {
  requestId: 'r1',
  providerName: 'everything',
  toolName: 'trigger_elicitation_request',
  askedAt: 0,
  kind: 'elicitation',
  message: 'Please fill in',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'Your name' },
      check: { type: 'boolean' },
      integer: { type: 'integer', minimum: 1, maximum: 100, default: 42 },
      friend: { type: 'string', enum: ['Monica', 'Rachel', 'Joey'], default: 'Monica' },
      fish: { type: 'array', items: { anyOf: [{ const: 'fish-1' }, { const: 'fish-2' }] } },
    },
    required: ['name'],
  },
};

describe('server requests at the terminal', () => {
  it('reads a form field by field: defaults, y/n, choices by number, lists; a typo is asked again', async () => {
    const person = typist(['', 'Ada', 'maybe', '', 'y', '', '3', '2, fish-1']);
    const said: string[] = [];
    const answer = await askServerRequestOnTerminal(FORM, person.ask, (text) => said.push(text));
    expect(answer).toEqual({
      action: 'accept',
      content: { name: 'Ada', check: true, integer: 42, friend: 'Joey', fish: ['fish-2', 'fish-1'] },
    });
    expect(said.join('')).toContain(
      'everything.trigger_elicitation_request asks for your input: Please fill in',
    );
    expect(person.prompts).toContain('  name * (Your name): ');
    expect(person.prompts.some((p) => p.includes('answer y or n'))).toBe(true);
    expect(person.prompts.find((p) => p.startsWith('  friend'))).toContain('[1=Monica 2=Rachel 3=Joey]');
  });

  it('an answer that breaks the form is explained and asked again; three misses decline', async () => {
    const bad = ['', '', '500', '', '']; // name, check, integer, friend, fish
    const person = typist(['y', ...bad, ...bad, ...bad]);
    const said: string[] = [];
    const answer = await askServerRequestOnTerminal(FORM, person.ask, (text) => said.push(text));
    expect(answer).toEqual({ action: 'decline' });
    expect(said.join('')).toContain('must have required property "name"');
    expect(said.join('')).toContain('integer must be <= 100');
  });

  it('"n" declines and "c" cancels a form; a sampling request takes a reply, or an empty line to decline', async () => {
    expect(await askServerRequestOnTerminal(FORM, typist(['n']).ask, () => {})).toEqual({
      action: 'decline',
    });
    expect(await askServerRequestOnTerminal(FORM, typist(['c']).ask, () => {})).toEqual({ action: 'cancel' });
    const sampling: ServerRequest = {
      requestId: 'r2',
      providerName: 'everything',
      askedAt: 0,
      kind: 'sampling',
      params: {
        systemPrompt: 'Be brief.',
        messages: [{ role: 'user', content: { type: 'text', text: 'Colour?' } }],
      },
    };
    const said: string[] = [];
    expect(await askServerRequestOnTerminal(sampling, typist(['Teal']).ask, (t) => said.push(t))).toEqual({
      action: 'accept',
      text: 'Teal',
    });
    expect(said.join('')).toContain('user: Colour?');
    expect(await askServerRequestOnTerminal(sampling, typist(['']).ask, () => {})).toEqual({
      action: 'decline',
    });
  });
});

let workspace: WorkspaceForRun | undefined;
afterEach(async () => {
  await workspace?.dispose();
  workspace = undefined;
});

async function everythingWorkspace(): Promise<string> {
  return writeWorkspace(path.join(await tempDir(), 'cli.execbox.json'), {
    providers: [
      {
        id: 'ev',
        name: 'everything',
        kind: 'mcp',
        transport: serverEverythingStdio(),
        requestTimeoutMs: 60_000,
      },
    ],
  });
}

async function runOnce(code: string) {
  const executor = createInProcessExecutor();
  try {
    return await executor.execute(code, workspace!.providers, { timeoutMs: 60_000 });
  } finally {
    await executor.dispose();
  }
}

describe('a CLI run against server-everything over stdio', { timeout: 90_000 }, () => {
  it('with a person at the terminal, the elicitation is answered there and the tool sees it', async () => {
    const person = typist(['y', 'Terminal Tess', '', '', '', '', '', '7', '', '', '', '', '', '']);
    workspace = await openWorkspaceForRun(await everythingWorkspace(), {
      trust: true,
      configDir: await tempDir('execbox-config-'),
      serverRequestPrompt: { ask: person.ask, say: () => {} },
    });
    const result = await runOnce('return await everything.trigger_elicitation_request({});');
    expect(JSON.stringify(result)).toContain('Name: Terminal Tess');
    expect(JSON.stringify(result)).toContain('Favorite Integer: 7');
  });

  it('without a terminal (input piped), the requests are declined at once', async () => {
    workspace = await openWorkspaceForRun(await everythingWorkspace(), {
      trust: true,
      configDir: await tempDir('execbox-config-'),
    });
    expect(
      JSON.stringify(await runOnce('return await everything.trigger_elicitation_request({});')),
    ).toContain('User declined to provide the requested information');
    expect(
      await runOnce('return await everything.trigger_sampling_request({ prompt: "hi", maxTokens: 5 });'),
    ).toMatchObject({
      ok: false,
      error: { code: 'tool_error', message: expect.stringContaining('no person is there to ask') },
    });
  });
});
