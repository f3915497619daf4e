import { describe, expect, it } from 'vitest';
import tpmjsExecutorCommand from '../../src/main/cli/tpmjsExecutorCommand';

async function capture(args: string[]): Promise<{ code: number; stderr: string; stdout: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const write = {
    stdout: process.stdout.write.bind(process.stdout),
    stderr: process.stderr.write.bind(process.stderr),
  };
  process.stdout.write = ((chunk: string) => out.push(String(chunk)) > 0) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => err.push(String(chunk)) > 0) as typeof process.stderr.write;
  try {
    return { code: await tpmjsExecutorCommand(args), stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.stdout.write = write.stdout;
    process.stderr.write = write.stderr;
  }
}

describe('execbox tpmjs-executor', () => {
  it('needs --port', async () => {
    const { code, stderr } = await capture([]);
    expect(code).toBe(2);
    expect(stderr).toContain('--port N (0-65535) is required');
  });

  it('names a bad number flag', async () => {
    await expect(capture(['--port', '0', '--execution-timeout', 'soon'])).rejects.toThrow(
      "--execution-timeout must be a whole number of at least 1, not 'soon'",
    );
  });

  it('explains itself with --help', async () => {
    const { code, stdout } = await capture(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('EXECUTOR_API_KEY');
  });
});
