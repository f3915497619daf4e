import { describe, expect, it } from 'vitest';
import tpmjsExecutorCommand from '../../src/main/faces/cli/tpmjsExecutorCommand';
import { runCliCommand } from '../support/runCliCommand';

const capture = (args: string[]) => runCliCommand(tpmjsExecutorCommand, args);

describe('execbox tpmjs-executor', () => {
  it('needs --port', async () => {
    const { code, stderr } = await capture([]);
    expect(code).toBe(2);
    expect(stderr).toContain('--port N (0-65535) is required');
  });

  it('names a bad number flag', async () => {
    await expect(capture(['--port', '0', '--execution-timeout', 'soon'])).rejects.toThrow(
      "--execution-timeout must be a whole number from 1 to 2147483647, not 'soon'",
    );
  });

  it('refuses a timeout longer than a timer can hold (it would fire at once), naming it', async () => {
    await expect(capture(['--port', '0', '--execution-timeout', '3000000000'])).rejects.toThrow(
      "--execution-timeout must be a whole number from 1 to 2147483647, not '3000000000'",
    );
  });

  it('explains itself with --help', async () => {
    const { code, stdout } = await capture(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('EXECUTOR_API_KEY');
  });

  it('refuses an unknown --isolation mode, naming it', async () => {
    const { code, stderr } = await capture(['--port', '0', '--isolation', 'container']);
    expect(code).toBe(2);
    expect(stderr).toContain("--isolation must be auto, bubblewrap, namespaces, process, not 'container'");
  });
});
