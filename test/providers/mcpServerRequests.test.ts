import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDebugService } from '../../src/main/services/debug/createDebugService';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { createPlaygroundHost, type PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import type { PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import type { ServerRequest, ServerRequestRules } from '../../src/shared/api/providers';
import type { ExecuteResult } from '../../src/shared/executeResult';
import type { HostEvent } from '../../src/shared/transcript';
import { checkTranscriptEntry } from '../../src/shared/transcriptEntryCheck';
import { describeEntries } from '../../src/shared/view/describeEntries';
import { startHost, tempDir, writeWorkspace } from '../workspace/hostFixture';
import { serverEverythingStdio } from '../support/serverEverything';

let host: PlaygroundHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

interface Setup {
  /** Whether a person (a window, a browser tab) is there to answer. */
  person?: boolean;
  rules?: ServerRequestRules;
  requestTimeoutMs?: number;
}

async function everythingHost({
  person = false,
  rules,
  requestTimeoutMs = 60_000,
}: Setup = {}): Promise<PlaygroundHost> {
  const dir = await tempDir();
  const file = await writeWorkspace(path.join(dir, 'asks.execbox.json'), {
    providers: [
      {
        id: 'ev',
        name: 'everything',
        kind: 'mcp',
        transport: serverEverythingStdio(),
        requestTimeoutMs,
        ...(rules ? { serverRequests: rules } : {}),
      },
    ],
  });
  const { host: workspaceHost } = await startHost({
    workspacePath: file,
    trustAll: true,
    personPresent: () => person,
  });
  // As in the app: the debugger's interceptor makes the host enforce the run's deadline, so held time counts.
  host = createPlaygroundHost({
    workspaceHost,
    createExecutor: () => createInProcessExecutor(),
    debug: (context) => createDebugService({ launcher: context.launcher, workspaceHost, emit: context.emit }),
  });
  return host;
}

function nextEvent<T extends PlaygroundEvent>(
  h: PlaygroundHost,
  pick: (e: PlaygroundEvent) => e is T,
): Promise<T> {
  return new Promise((resolve) => {
    const stop = h.onEvent((event) => {
      if (pick(event)) {
        stop();
        resolve(event);
      }
    });
  });
}

const isServerRequest = (e: PlaygroundEvent): e is Extract<PlaygroundEvent, { type: 'server_request' }> =>
  e.channel === 'providers' && e.type === 'server_request';

async function run(h: PlaygroundHost, code: string, timeoutMs = 60_000) {
  const finished = new Promise<ExecuteResult>((resolve) =>
    h.onEvent((event) => {
      if (event.channel === 'runs' && event.type === 'finished') resolve(event.result);
    }),
  );
  const { runId } = await h.services.runs.start({ code, limits: { timeoutMs } });
  return { runId, finished };
}

async function hostEvents(h: PlaygroundHost, runId: string): Promise<HostEvent[]> {
  const entries = await h.services.runs.transcript(runId);
  for (const entry of entries)
    expect(checkTranscriptEntry(JSON.parse(JSON.stringify(entry)))).toMatchObject({ ok: true });
  return entries.flatMap((entry) => (entry.kind === 'event' ? [entry.event] : []));
}

const ELICIT = 'return await everything.trigger_elicitation_request({});';
const SAMPLE =
  'return await everything.trigger_sampling_request({ prompt: "Name a colour", maxTokens: 20 });';

describe(
  'elicitation and sampling requests of a real MCP server (server-everything over stdio)',
  { timeout: 120_000 },
  () => {
    it('shows an elicitation to the person, refuses an answer that breaks the form, and the tool sees the valid answer; held time is not charged', async () => {
      const h = await everythingHost({ person: true });
      const asked = nextEvent(h, isServerRequest);
      // A 2 s run limit: the person answers after it, and the run still succeeds.
      const { runId, finished } = await run(h, ELICIT, 2_000);
      const { request } = await asked;
      expect(request).toMatchObject({
        kind: 'elicitation',
        providerName: 'everything',
        toolName: 'trigger_elicitation_request',
        message: expect.stringContaining('Please provide'),
        requestedSchema: { type: 'object', required: ['name'] },
      });
      expect(await h.services.providers.pendingServerRequests()).toEqual([request]);

      // The answer is checked against the requested schema before anything is sent.
      await expect(
        h.services.providers.answerServerRequest(request.requestId, {
          action: 'accept',
          content: { check: true, integer: 500 },
        }),
      ).rejects.toThrow(/does not fit the requested form: .*"name".*|integer must be <= 100/);
      await expect(
        h.services.providers.answerServerRequest(request.requestId, {
          action: 'accept',
          content: { name: { nested: true } },
        } as never),
      ).rejects.toThrow(/answer.content.name must be a string, a number, a boolean or a list of strings/);
      await expect(
        h.services.providers.answerServerRequest(request.requestId, { action: 'maybe' } as never),
      ).rejects.toThrow(/answer.action must be/);
      expect(await h.services.providers.pendingServerRequests()).toHaveLength(1);

      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await h.services.providers.answerServerRequest(request.requestId, {
        action: 'accept',
        content: { name: 'Ada Lovelace', check: true, integer: 7 },
      });
      const result = await finished;
      expect(result).toMatchObject({ ok: true });
      const text = JSON.stringify((result as { result: unknown }).result);
      expect(text).toContain('Name: Ada Lovelace');
      expect(text).toContain('Favorite Integer: 7');
      expect(await h.services.providers.pendingServerRequests()).toEqual([]);

      const events = await hostEvents(h, runId);
      const asks = events.filter((e) => e.type === 'server_request');
      const answers = events.filter((e) => e.type === 'server_request_answered');
      expect(asks).toEqual([
        expect.objectContaining({
          kind: 'elicitation',
          providerName: 'everything',
          params: expect.objectContaining({ message: 'Please provide inputs for the following fields:' }),
        }),
      ]);
      expect(answers).toEqual([
        expect.objectContaining({
          kind: 'elicitation',
          by: 'person',
          action: 'accept',
          answer: { name: 'Ada Lovelace', check: true, integer: 7 },
          heldMs: expect.any(Number),
        }),
      ]);
      const finishedEvent = events.find((e) => e.type === 'run_finished');
      expect(finishedEvent).toMatchObject({ ok: true, heldMs: expect.any(Number) });
      expect((finishedEvent as { heldMs: number }).heldMs).toBeGreaterThanOrEqual(2_000);
      // The transcript table says what happened in words.
      const notes = describeEntries(await h.services.runs.transcript(runId)).map((row) => row.note);
      expect(notes).toContain('elicitation: "Please provide inputs for the following fields:"');
      expect(notes).toContain('elicitation answered by a person');
    });

    it('a sampling request the person declines gives the tool a clear error', async () => {
      const h = await everythingHost({ person: true });
      const asked = nextEvent(h, isServerRequest);
      const { runId, finished } = await run(h, SAMPLE);
      const { request } = await asked;
      expect(request).toMatchObject({
        kind: 'sampling',
        params: {
          maxTokens: 20,
          messages: [
            { role: 'user', content: { type: 'text', text: expect.stringContaining('Name a colour') } },
          ],
        },
      });
      // A sampling answer has no form: "cancel" is not one of its actions.
      await expect(
        h.services.providers.answerServerRequest(request.requestId, { action: 'cancel' }),
      ).rejects.toThrow(/"accept" or "decline" for a sampling request/);
      await h.services.providers.answerServerRequest(request.requestId, { action: 'decline' });
      const result = await finished;
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'tool_error',
          message: expect.stringContaining('The user declined the sampling request'),
        },
      });
      const answered = (await hostEvents(h, runId)).find((e) => e.type === 'server_request_answered');
      expect(answered).toMatchObject({ kind: 'sampling', by: 'person', action: 'decline' });
    });

    it('a person answers a sampling request with text and the tool sees the completion', async () => {
      const h = await everythingHost({ person: true });
      const asked = nextEvent(h, isServerRequest);
      const { finished } = await run(h, SAMPLE);
      const { request } = await asked;
      await h.services.providers.answerServerRequest(request.requestId, { action: 'accept', text: 'Teal.' });
      const result = await finished;
      expect(result).toMatchObject({ ok: true });
      const text = JSON.stringify((result as { result: unknown }).result);
      expect(text).toContain('Teal.');
      expect(text).toContain('execbox-person');
    });

    it('workspace rules answer without asking: the first matching rule wins, and a rule that breaks the form declines', async () => {
      const h = await everythingHost({
        person: true,
        rules: {
          elicitation: [
            { when: [{ path: '/message', contains: 'nothing like this' }], then: { action: 'cancel' } },
            {
              when: [{ path: '/requestedSchema/required', contains: 'name' }],
              then: { action: 'accept', content: { name: 'Rule Bot', integer: 9 } },
            },
          ],
          sampling: [{ then: { action: 'accept', text: 'Mock reply', model: 'mock-model' } }],
        },
      });
      const people: ServerRequest[] = [];
      h.onEvent((e) => {
        if (isServerRequest(e)) people.push(e.request);
      });
      const elicited = await run(h, ELICIT);
      const elicitResult = await elicited.finished;
      expect(JSON.stringify(elicitResult)).toContain('Name: Rule Bot');
      const sampled = await run(h, SAMPLE);
      const sampleResult = await sampled.finished;
      expect(JSON.stringify(sampleResult)).toContain('Mock reply');
      expect(JSON.stringify(sampleResult)).toContain('mock-model');
      expect(people).toEqual([]);
      expect(
        (await hostEvents(h, elicited.runId)).find((e) => e.type === 'server_request_answered'),
      ).toMatchObject({
        by: 'rule',
        action: 'accept',
        answer: { name: 'Rule Bot', integer: 9 },
      });
      await h.dispose();
      host = undefined;

      // A rule whose content does not fit the server's form is not sent: the request is declined, with the reason.
      const strict = await everythingHost({
        rules: { elicitation: [{ then: { action: 'accept', content: { integer: 9 } } }] },
      });
      const broken = await run(strict, ELICIT);
      expect(JSON.stringify(await broken.finished)).toContain('User declined');
      expect(
        (await hostEvents(strict, broken.runId)).find((e) => e.type === 'server_request_answered'),
      ).toMatchObject({
        by: 'rule',
        action: 'decline',
        reason: expect.stringContaining('must have required property "name"'),
      });
    });

    it('with no rule and no person, both requests are declined cleanly and the runs end at once', async () => {
      const h = await everythingHost({ person: false });
      const elicited = await run(h, ELICIT);
      expect(JSON.stringify(await elicited.finished)).toContain(
        'User declined to provide the requested information',
      );
      const sampled = await run(h, SAMPLE);
      expect(await sampled.finished).toMatchObject({
        ok: false,
        error: {
          code: 'tool_error',
          message: expect.stringContaining('no workspace rule answers it and no person is there to ask'),
        },
      });
      const answered = (await hostEvents(h, sampled.runId)).find((e) => e.type === 'server_request_answered');
      expect(answered).toMatchObject({ kind: 'sampling', by: 'nobody', action: 'decline' });
      expect(await h.services.providers.pendingServerRequests()).toEqual([]);
    });

    it('a request waiting for a person is withdrawn when the run is cancelled', async () => {
      const h = await everythingHost({ person: true });
      const asked = nextEvent(h, isServerRequest);
      const settled = nextEvent(
        h,
        (e): e is Extract<PlaygroundEvent, { type: 'server_request_settled' }> =>
          e.channel === 'providers' && e.type === 'server_request_settled',
      );
      const { runId, finished } = await run(h, ELICIT);
      const { request } = await asked;
      await h.services.runs.cancel(runId);
      expect((await settled).requestId).toBe(request.requestId);
      expect(await finished).toMatchObject({ ok: false });
      expect(await h.services.providers.pendingServerRequests()).toEqual([]);
      await expect(
        h.services.providers.answerServerRequest(request.requestId, { action: 'decline' }),
      ).rejects.toThrow(/no server request is waiting/);
    });

    it("the server's request timeout stops while a person answers, resets on progress, and still fires on silence", async () => {
      const h = await everythingHost({ person: true, requestTimeoutMs: 4_000 });
      const asked = nextEvent(h, isServerRequest);
      const elicited = await run(h, ELICIT);
      const { request } = await asked;
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      await h.services.providers.answerServerRequest(request.requestId, {
        action: 'accept',
        content: { name: 'Patient Person' },
      });
      expect(JSON.stringify(await elicited.finished)).toContain('Name: Patient Person');

      // Progress every 0.5 s keeps a 4 s idle limit from firing over a 6 s operation.
      const steady = await run(
        h,
        'await everything.trigger_long_running_operation({ duration: 6, steps: 12 }); return "done";',
      );
      expect(await steady.finished).toMatchObject({ ok: true, result: 'done' });
      // One step of 10 s: no word from the server for longer than the limit.
      const silent = await run(
        h,
        'await everything.trigger_long_running_operation({ duration: 10, steps: 1 }); return "done";',
      );
      expect(await silent.finished).toMatchObject({
        ok: false,
        error: {
          code: 'timeout',
          message: expect.stringContaining('did not answer trigger-long-running-operation within 4000 ms'),
        },
      });
    });

    it('the workspace schema refuses malformed rules with the place named', async () => {
      const dir = await tempDir();
      const file = await writeWorkspace(path.join(dir, 'bad.execbox.json'), {
        providers: [
          {
            id: 'ev',
            name: 'everything',
            kind: 'mcp',
            transport: serverEverythingStdio(),
            serverRequests: { sampling: [{ then: { action: 'accept' } }] } as never,
          },
        ],
      });
      await expect(startHost({ workspacePath: file, trustAll: true })).rejects.toThrow(
        /bad\.execbox\.json:\d+:\d+: \$\.providers\[0\]\.serverRequests\.sampling\[0\]\.then: is missing the required property 'text'/,
      );
      expect(JSON.parse(await readFile(file, 'utf8')).providers[0].serverRequests).toBeDefined();
    });
  },
);
