import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance, selectCases } from '../../src/main/programs/conformanceKit/runConformance';
import { runnerTarget } from '../../src/main/programs/conformanceKit/runnerTarget';
import { formatConformanceReport } from '../../src/main/programs/conformanceKit/formatConformanceReport';
import type { ConformanceReport } from '../../src/shared/api/network';
import { buildBrokenRunners, type BrokenRunner } from './buildBrokenRunners';

let fixtures: Awaited<ReturnType<typeof buildBrokenRunners>>;
beforeAll(async () => {
  fixtures = await buildBrokenRunners();
});
afterAll(() => fixtures?.remove());

const check = (name: BrokenRunner, selectors: string[]) =>
  runConformance(runnerTarget({ kind: 'stdio', command: fixtures.command(name) }), {
    cases: selectCases(selectors),
    concurrency: 2,
    caseTimeoutMs: 30_000,
  });

const failedIds = (report: ConformanceReport) =>
  report.results.filter((r) => r.status === 'fail').map((r) => r.id);
const passedIds = (report: ConformanceReport) =>
  report.results.filter((r) => r.status === 'pass').map((r) => r.id);

describe('the conformance kit fails the right cases of a broken runner', () => {
  it('a runner that sends done twice fails exactly the "nothing after done" cases', async () => {
    const report = await check('doneTwice', ['lifecycle', 'cancel', 'session', 'tools']);
    expect(failedIds(report).sort()).toEqual(
      [
        'cancel/after-done-ignored',
        'cancel/no-tool-calls-after-cancel',
        'cancel/right-after-execute',
        'lifecycle/exactly-one-done',
        'lifecycle/exactly-one-done-on-failure',
        'session/first-survives-second',
      ].sort(),
    );
    for (const result of report.results.filter((r) => r.status === 'fail')) {
      expect(result.reason).toMatch(/sent done after/);
      // The transcript shows both dones.
      const dones = result.transcript.filter((e) => e.kind === 'message' && e.message.type === 'done');
      expect(dones.length).toBeGreaterThanOrEqual(2);
    }
    expect(passedIds(report)).toContain('tools/round-trip');
  }, 120_000);

  it('a runner that forgets started fails the started cases, and only for that reason', async () => {
    const report = await check('forgetsStarted', ['lifecycle', 'logs']);
    const failed = failedIds(report);
    expect(failed).toEqual(
      expect.arrayContaining(['lifecycle/started-first', 'lifecycle/started-without-tools']),
    );
    for (const result of report.results.filter((r) => r.status === 'fail'))
      expect(result.reason).toMatch(/started/);
    expect(failed.filter((id) => id.startsWith('logs/'))).toEqual([]);
  }, 120_000);

  it('a runner that forges error codes fails exactly the forgery cases', async () => {
    const report = await check('forgesErrorCodes', ['errors', 'lifecycle']);
    expect(failedIds(report).sort()).toEqual([
      'errors/no-forged-internal-error',
      'errors/no-forged-memory',
      'errors/no-forged-timeout',
    ]);
    const forged = report.results.find((r) => r.id === 'errors/no-forged-timeout');
    expect(forged?.reason).toContain('forged the trusted code timeout');
  }, 120_000);

  it('a runner written from the message shapes alone fails the three cases of its three mistakes', async () => {
    const report = await check('naiveRunner', [
      'tools/round-trip',
      'errors/unknown-host-code-is-internal-error',
      'serialization/result-undefined-in-array',
      'errors/no-forged-internal-error',
    ]);
    expect(passedIds(report)).toEqual(['tools/round-trip']);
    const reason = (id: string) => report.results.find((r) => r.id === id)?.reason;
    expect(reason('errors/unknown-host-code-is-internal-error')).toContain(
      'the guest saw the error code "rate_limited"',
    );
    expect(reason('serialization/result-undefined-in-array')).toBe(
      'expected a failure with serialization_error, but the done was ok with result [null,1]',
    );
    expect(reason('errors/no-forged-internal-error')).toContain('forged the trusted code memory_limit');
    for (const result of report.results) expect(result.section).toMatch(/^docs\/protocol\.md#[a-z-]+$/);
  }, 120_000);

  it("a runner that crashes at start shows its stderr in every case's report", async () => {
    const report = await check('crashesAtStart', ['lifecycle/started-first', 'tools/round-trip']);
    expect(report.passed).toBe(0);
    for (const result of report.results) {
      expect(result.reason).toMatch(/closed the connection \(the runner exited with code 1\)/);
      expect(result.stderr).toContain("ModuleNotFoundError: No module named 'wasmtime'");
    }
    expect(formatConformanceReport(report)).toContain(
      '      runner stderr:\n        Traceback (most recent call last):',
    );
  }, 120_000);

  it('a runner that does not speak JSON fails every case with the malformed message', async () => {
    const report = await check('speaksGarbage', ['lifecycle']);
    expect(report.passed).toBe(0);
    for (const result of report.results) {
      expect(result.reason).toContain('hello, I am not JSON');
      expect(result.transcript.some((e) => e.kind === 'event' && e.event.type === 'malformed_message')).toBe(
        true,
      );
    }
  }, 120_000);
});

describe('a runner that never answers', () => {
  it('fails the first cases after the wait, then gives up on the rest instead of waiting in each', async () => {
    const silent = runnerTarget({
      kind: 'stdio',
      command: `"${process.execPath}" -e "setInterval(() => {}, 1000)"`,
    });
    const report = await runConformance(silent, { cases: selectCases(['lifecycle']), caseTimeoutMs: 1000 });
    expect(report.passed).toBe(0);
    const reasons = report.results.map((r) => r.reason);
    for (const reason of reasons.slice(0, 3))
      expect(reason).toMatch(/^no (started|done for \S+) within 1000 ms$/);
    expect(reasons.slice(3).every((r) => r === 'not run: the runner sent nothing in 3 cases in a row')).toBe(
      true,
    );
  }, 60_000);
});
