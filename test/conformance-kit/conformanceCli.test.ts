import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import conformanceCommand from '../../src/main/faces/cli/conformanceCommand';
import type { ConformanceReport } from '../../src/shared/api/network';
import { buildBrokenRunners } from './buildBrokenRunners';
import { runCliCommand } from '../support/runCliCommand';

const cli = (args: string[]) => runCliCommand(conformanceCommand, args);

describe('execbox conformance', () => {
  let fixtures: Awaited<ReturnType<typeof buildBrokenRunners>>;
  beforeAll(async () => {
    fixtures = await buildBrokenRunners();
  });
  afterAll(() => fixtures?.remove());
  const ownRunner = `"${process.execPath}" "${TEST_RUNNER_ENTRY}" --stdio`;

  it('exits 0 and prints machine-readable JSON with --json when the runner conforms', async () => {
    const { code, stdout } = await cli(['--stdio', ownRunner, '--only', 'correlation', '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as ConformanceReport;
    expect(report.failed).toBe(0);
    expect(report.results.every((r) => r.id.startsWith('correlation/') && r.status === 'pass')).toBe(true);
    expect(report.results[0]).toMatchObject({ rule: expect.any(String), transcript: expect.any(Array) });
  });

  it('exits 1 and prints the table with each rule, and the transcript of each failure', async () => {
    const { code, stdout } = await cli([
      '--stdio',
      fixtures.command('doneTwice'),
      '--only',
      'lifecycle/exactly-one-done',
      '--only',
      'lifecycle/done-shape',
    ]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/PASS {2}lifecycle\/done-shape/);
    expect(stdout).toMatch(/FAIL {2}lifecycle\/exactly-one-done/);
    expect(stdout).toContain('rule: a successful session must end with exactly one done');
    expect(stdout).toContain('why:  the runner sent done after done');
    expect(stdout).toMatch(/← \{"type":"done"[^\n]*\n[^\n]*← \{"type":"done"/);
    expect(stdout).toContain('DOES NOT CONFORM: 1/2 cases passed, 1 failed');
  });

  it.each([
    [[], 'give exactly one of --stdio or --ws'],
    [['--stdio', 'x', '--ws', 'ws://y'], 'give exactly one of --stdio or --ws'],
  ])('exits 2 on bad usage %j', async (args, message) => {
    const { code, stderr } = await cli(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it('refuses an unknown case or category by name', async () => {
    await expect(cli(['--stdio', ownRunner, '--only', 'lifecycle/nope'])).rejects.toThrow(
      "no conformance case or category named 'lifecycle/nope'",
    );
  });

  it('lists the cases with their rules', async () => {
    const { code, stdout } = await cli(['--list']);
    expect(code).toBe(0);
    expect(stdout).toContain('session/second-execute-rejected');
    expect(stdout).toContain('[should]');
  });
});
