import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { CONFORMANCE_CASES } from '../../src/main/programs/conformanceKit/conformanceCases';
import { formatConformanceReport } from '../../src/main/programs/conformanceKit/formatConformanceReport';
import { runConformance } from '../../src/main/programs/conformanceKit/runConformance';
import { runnerTarget } from '../../src/main/programs/conformanceKit/runnerTarget';
import {
  startRunnerServer,
  type RunnerServerHandle,
} from '../../src/main/programs/runnerServer/startRunnerServer';
import type { ConformanceReport } from '../../src/shared/api/network';

/** A failing report shows its table, so a regression names the broken rule and its transcript. */
function expectConformant(report: ConformanceReport): void {
  const failures = report.results.filter((r) => r.status === 'fail');
  expect(failures.length === 0 ? 'all cases pass' : formatConformanceReport(report)).toBe('all cases pass');
  expect(report.results).toHaveLength(CONFORMANCE_CASES.length);
}

describe('our runner passes the conformance kit', () => {
  it('over stdio (node runner.cjs --stdio)', async () => {
    const target = runnerTarget({
      kind: 'stdio',
      command: `"${process.execPath}" "${TEST_RUNNER_ENTRY}" --stdio`,
    });
    expectConformant(await runConformance(target, { concurrency: 2 }));
  }, 240_000);

  describe('over WebSocket (execbox runner --listen)', () => {
    let server: RunnerServerHandle;
    beforeAll(async () => {
      server = await startRunnerServer({
        token: 'kit-token',
        maxConnections: 4,
        runnerEntryPath: TEST_RUNNER_ENTRY,
      });
    });
    afterAll(() => server.close());

    it('passes every case', async () => {
      const target = runnerTarget({ kind: 'ws', url: server.url, token: 'kit-token' });
      expectConformant(await runConformance(target, { concurrency: 2 }));
    }, 240_000);

    it('fails every case, saying why, when the token is wrong', async () => {
      const target = runnerTarget({ kind: 'ws', url: server.url, token: 'wrong' });
      const report = await runConformance(target, { cases: CONFORMANCE_CASES.slice(0, 2) });
      expect(report.failed).toBe(2);
      expect(report.results[0]?.reason).toContain('HTTP 401');
    });
  });
});
