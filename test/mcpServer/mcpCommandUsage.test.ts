import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import mcpCommand, { parseListenAddress } from '../../src/main/faces/cli/mcpCommand';
import { runCliCommand } from '../support/runCliCommand';
import { writeWorkspace, tempDir } from '../workspace/hostFixture';

describe('execbox mcp: the command line', () => {
  it('refuses bad options with one line and exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [['--executor', 'gpu'], /--executor must be one of inprocess, worker, process/],
      [['--timeout', 'soon'], /--timeout must be a whole number/],
      [['--memory', '12 parsecs'], /--memory must be a byte count/],
      [['--http', 'localhost:99999'], /--http must be \[HOST:\]PORT/],
      [['--http', '0.0.0.0:0'], /not a loopback address.*--allow-remote/],
      [['--allow-remote'], /--allow-remote needs --http/],
      [['--trust'], /--trust needs --workspace/],
      [['--bogus'], /Unknown option '--bogus'/],
      [['--connect', 'http://127.0.0.1:1/mcp', '--trust'], /--connect takes no other options/],
      [
        ['--connect', 'http://127.0.0.1:1/mcp', '--silence-limit', '0'],
        /--silence-limit must be a whole number of seconds from 1 to 3600 \(got '0'\)/,
      ],
      [
        ['--connect', 'http://127.0.0.1:1/mcp', '--silence-limit', '2.5'],
        /--silence-limit must be a whole number/,
      ],
      [['--silence-limit', '5'], /--silence-limit needs --connect/],
    ];
    for (const [args, message] of cases) {
      const result = await runCliCommand(mcpCommand, args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });

  it('--connect needs the token in $EXECBOX_TOKEN and an http URL', async () => {
    vi.stubEnv('EXECBOX_TOKEN', '');
    const noToken = await runCliCommand(mcpCommand, ['--connect', 'http://127.0.0.1:1/mcp']);
    expect(noToken.stderr).toContain('$EXECBOX_TOKEN');
    vi.stubEnv('EXECBOX_TOKEN', 'a-token-long-enough-to-pass');
    const badUrl = await runCliCommand(mcpCommand, ['--connect', 'ftp://x/mcp']);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('http:// or https:// URL');
    vi.unstubAllEnvs();
  });

  it('$EXECBOX_TOKEN follows the rules of serve: short or not URL-safe is refused with a sentence', async () => {
    const dir = await tempDir('execbox-mcp-token-');
    const args = ['--http', '127.0.0.1:0', '--config-dir', path.join(dir, 'c')];
    for (const [token, message] of [
      ['a', /EXECBOX_TOKEN must be at least 16 characters long/],
      ['a token with spaces in it', /EXECBOX_TOKEN may use only letters, digits and \. _ ~ -/],
    ] as const) {
      vi.stubEnv('EXECBOX_TOKEN', token);
      const result = await runCliCommand(mcpCommand, args);
      expect(result.code, token).toBe(2);
      expect(result.stderr).toMatch(message);
      const relay = await runCliCommand(mcpCommand, ['--connect', 'http://127.0.0.1:1/mcp']);
      expect(relay.code, token).toBe(2);
      expect(relay.stderr).toMatch(message);
    }
    vi.unstubAllEnvs();
  });

  it('a workspace that would start code is refused without --trust (stdin carries the protocol, so nobody can be asked)', async () => {
    const dir = await tempDir('execbox-mcp-trust-');
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {
      providers: [{ id: 'm', name: 'local', kind: 'module', path: './tools.mjs' }],
    });
    const result = await runCliCommand(mcpCommand, [
      '--workspace',
      file,
      '--config-dir',
      path.join(dir, 'c'),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("provider 'local' would");
    expect(result.stderr).toContain('pass --trust');
  });

  it('parses [HOST:]PORT', () => {
    expect(parseListenAddress('8080')).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(parseListenAddress('localhost:0')).toEqual({ host: 'localhost', port: 0 });
    expect(parseListenAddress('[::1]:9')).toEqual({ host: '::1', port: 9 });
  });
});
