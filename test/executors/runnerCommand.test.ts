import { afterEach, describe, expect, it, vi } from 'vitest';
import runnerCommand from '../../src/main/faces/cli/runnerCommand';

afterEach(() => vi.restoreAllMocks());

describe('execbox runner', () => {
  it.each([[[]], [['--stdio', '--extra']], [['--bogus']]])(
    '%j gives usage on stderr and exit 2',
    async (args) => {
      let stderr = '';
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
      expect(await runnerCommand(args)).toBe(2);
      expect(stderr).toMatch(/usage: execbox runner --stdio/);
    },
  );

  it('--help prints the usage on stdout and exits 0', async () => {
    let stdout = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
    expect(await runnerCommand(['--help'])).toBe(0);
    expect(stdout).toMatch(/--listen \[HOST:\]PORT/);
  });
});
