import { afterAll, describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { CONFORMANCE_CASES } from '../../src/main/programs/conformanceKit/conformanceCases';
import { createNetworkService } from '../../src/main/services/executorControl/createNetworkService';
import type { ConformanceReport, NetworkEvent } from '../../src/shared/api/network';
import { InvalidArgumentError } from '../../src/shared/rpc/invalidArgumentError';

function serviceWithEvents(secrets: Record<string, string> = {}) {
  const events: NetworkEvent[] = [];
  const waiters: (() => void)[] = [];
  const service = createNetworkService({
    emit: (event) => {
      events.push(event);
      waiters.splice(0).forEach((wake) => wake());
    },
    runnerEntryPath: TEST_RUNNER_ENTRY,
    readSecret: async (name) => secrets[name],
    // None of these tests runs a tool, so the child program is never started.
    localExecutor: { childScript: '/nonexistent/tool-child.js' },
  });
  const finished = (runId: string) =>
    new Promise<ConformanceReport>((resolve) => {
      const check = () => {
        const event = events.find((e) => e.type === 'conformance_finished' && e.runId === runId);
        if (event?.type === 'conformance_finished') resolve(event.report);
        else waiters.push(check);
      };
      check();
    });
  return { service, events, finished };
}

describe('network service', () => {
  const disposers: (() => Promise<void>)[] = [];
  afterAll(() => Promise.all(disposers.map((d) => d())));

  it('lists every conformance case with its rule, without the code that runs it', async () => {
    const { service } = serviceWithEvents();
    const cases = await service.api.listConformanceCases();
    expect(cases).toHaveLength(CONFORMANCE_CASES.length);
    expect(cases[0]).toEqual({
      id: expect.any(String),
      category: 'lifecycle',
      title: expect.any(String),
      rule: expect.any(String),
      level: expect.stringMatching(/^(must|should)$/),
      section: expect.stringMatching(/^docs\/protocol\.md#/),
    });
  });

  it('runs chosen cases against the built-in runner, streaming each result, then the report', async () => {
    const { service, events, finished } = serviceWithEvents();
    disposers.push(service.dispose);
    const { runId } = await service.api.runConformance({
      target: { kind: 'builtin' },
      caseIds: ['lifecycle', 'tools/round-trip'],
    });
    const report = await finished(runId);
    const expected = CONFORMANCE_CASES.filter(
      (c) => c.category === 'lifecycle' || c.id === 'tools/round-trip',
    ).length;
    expect(report.failed).toBe(0);
    expect(report.passed).toBe(expected);
    expect(report.target).toBe('built-in runner');
    expect(events.filter((e) => e.type === 'conformance_case' && e.runId === runId)).toHaveLength(expected);
    expect(await service.api.conformanceReport(runId)).toEqual(report);
    expect(report.results[0]?.transcript.length).toBeGreaterThan(0);
  });

  it.each([
    [{ target: { kind: 'ssh' } }, "request.target.kind must be 'builtin', 'stdio' or 'ws'"],
    [{ target: { kind: 'stdio', command: '' } }, 'request.target.command must be a non-empty string'],
    [{ target: { kind: 'ws', url: 'http://x' } }, 'request.target.url must start with ws://'],
    [{ target: { kind: 'builtin' }, caseIds: ['nope'] }, "no conformance case or category named 'nope'"],
    [{ target: { kind: 'builtin' }, extra: 1 }, 'request.extra is not a known field'],
  ])('refuses a bad run request %j', async (request, message) => {
    const { service } = serviceWithEvents();
    const error = await service.api.runConformance(request as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as Error).message).toContain(message);
  });

  it('starts the local TPMJS executor on loopback, reports its URL, and stops it', async () => {
    const { service, events } = serviceWithEvents();
    disposers.push(service.dispose);
    const running = await service.api.startLocalExecutor({});
    expect(running).toMatchObject({
      state: 'running',
      authRequired: false,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    // What /info calls the mode each tool call runs in.
    const info = (await (await fetch(`${running.url}/info`)).json()) as {
      capabilities: { isolationDetails: { mode: string } };
    };
    expect(running.isolation).toBe(info.capabilities.isolationDetails.mode);
    const health = await fetch(`${running.url}/health`);
    expect(health.status).toBe(200);
    expect(await service.api.localExecutorStatus()).toEqual(running);
    const stopped = await service.api.stopLocalExecutor();
    expect(stopped).toEqual({ state: 'stopped', authRequired: false });
    await expect(fetch(`${running.url}/health`)).rejects.toThrow();
    const states = events
      .filter((e) => e.type === 'local_executor')
      .map((e) => e.type === 'local_executor' && e.status.state);
    expect(states).toEqual(['starting', 'running', 'stopping', 'stopped']);
  });

  it('protects the local executor with an API key taken from a secret, never showing the value', async () => {
    const { service } = serviceWithEvents({ EXECUTOR_KEY: 'local-secret' });
    disposers.push(service.dispose);
    const running = await service.api.startLocalExecutor({ apiKeySecret: 'EXECUTOR_KEY' });
    expect(running).toMatchObject({ state: 'running', authRequired: true, apiKeySecret: 'EXECUTOR_KEY' });
    expect(JSON.stringify(running)).not.toContain('local-secret');
    expect((await fetch(`${running.url}/info`)).status).toBe(401);
    expect(
      (await fetch(`${running.url}/info`, { headers: { authorization: 'Bearer local-secret' } })).status,
    ).toBe(200);
    await service.api.stopLocalExecutor();
  });

  it('reports a missing API key secret as an error state', async () => {
    const { service } = serviceWithEvents();
    expect(await service.api.startLocalExecutor({ apiKeySecret: 'MISSING' })).toMatchObject({
      state: 'error',
      error: 'there is no secret named MISSING',
    });
  });

  it('refuses bad start options', async () => {
    const { service } = serviceWithEvents();
    await expect(service.api.startLocalExecutor({ port: 70000 })).rejects.toThrow(
      'options.port must be a whole number',
    );
    await expect(service.api.startLocalExecutor({ registry: 'file:///x' })).rejects.toThrow(
      'options.registry must be an http',
    );
  });
});
