import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedEnvironmentReason } from '../../src/main/programs/tpmjsExecutor/checkRequestEnvironment';
import { isVersionSpec } from '../../src/shared/isVersionSpec';
import { resolveNpmCommand } from '../../src/main/programs/tpmjsExecutor/resolveNpmCommand';
import {
  startTpmjsExecutor,
  type TpmjsExecutorHandle,
} from '../../src/main/programs/tpmjsExecutor/startTpmjsExecutor';
import { parseTpmjsToolRef } from '../../src/main/providers/tpmjs/parseTpmjsToolRef';

// Every request here is refused before a package is installed or a tool process started.
const NO_CHILD = '/nonexistent/tool-child.js';

/** Attacks on what a POST /execute-tool body may ask for: environment variables and version specs. */
describe('TPMJS executor request attacks', () => {
  let executor: TpmjsExecutorHandle;
  beforeAll(async () => {
    executor = await startTpmjsExecutor({ childScript: NO_CHILD, npmCommand: '/nonexistent/npm' });
  });
  afterAll(() => executor.close());

  const execute = async (body: Record<string, unknown>) => {
    const response = await fetch(`${executor.url}/execute-tool`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ packageName: 'some-tool', name: 'tool', ...body }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { error: { code: string; message: string } },
    };
  };

  it.each([
    ['NODE_OPTIONS', '--import=data:text/javascript,process.exit(7)'],
    ['NODE_PATH', '/tmp/planted'],
    ['node_options', '--require=/tmp/x.js'],
    ['NODE_EXTRA_CA_CERTS', '/tmp/evil-ca.pem'],
    ['NODE_TLS_REJECT_UNAUTHORIZED', '0'],
    ['NODE_REPL_EXTERNAL_MODULE', '/tmp/x.js'],
    ['LD_PRELOAD', '/tmp/evil.so'],
    ['LD_LIBRARY_PATH', '/tmp'],
    ['LD_AUDIT', '/tmp/evil.so'],
    ['DYLD_INSERT_LIBRARIES', '/tmp/evil.dylib'],
    ['BASH_ENV', '/tmp/x.sh'],
    ['ENV', '/tmp/x.sh'],
    ['BASH_FUNC_ls%%', '() { id; }'],
    ['ELECTRON_RUN_AS_NODE', '1'],
    ['npm_config_script_shell', '/tmp/x.sh'],
    ['GCONV_PATH', '/tmp'],
    ['GLIBC_TUNABLES', 'glibc.malloc.mxfast=1'],
    ['PYTHONSTARTUP', '/tmp/x.py'],
    ['PERL5OPT', '-Mevil'],
    ['JAVA_TOOL_OPTIONS', '-javaagent:/tmp/x.jar'],
    ['OPENSSL_CONF', '/tmp/evil.cnf'],
    ['GIT_SSH_COMMAND', 'sh -c id'],
  ])('refuses env %s with 400 and names the variable', async (name, value) => {
    const { status, body } = await execute({ env: { GREETING: 'hi', [name]: value } });
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_REQUEST');
    expect(body.error.message).toContain(`body.env.${name} is not allowed`);
    expect(body.error.message).not.toContain('GREETING');
  });

  it('refuses a body nested 200,000 levels deep with the place, before parsing it', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const response = await fetch(`${executor.url}/execute-tool`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"packageName":"some-tool","name":"tool","params":{"x":${deep}}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: {
        code: 'INVALID_REQUEST',
        message: expect.stringContaining('too deeply nested at request body:1:'),
      },
    });
  });

  it('lists every refused variable of one request', async () => {
    const { body } = await execute({ env: { NODE_OPTIONS: '-r x', LD_PRELOAD: 'y' } });
    expect(body.error.message).toMatch(/NODE_OPTIONS.*LD_PRELOAD/);
  });

  it.each(['GREETING', 'OPENAI_API_KEY', 'PATH', 'HOME', 'LANG', 'TZ', 'MY_NODE_SETTING'])(
    'lets a request set the ordinary variable %s',
    (name) => expect(refusedEnvironmentReason(name)).toBeUndefined(),
  );

  it.each([
    '1.2.3 | calc',
    '|',
    '1|2',
    '>>1',
    '>1 <&2',
    '1 >/tmp/owned',
    '<1.0.0 || >',
    '1 ||| 2',
    '--registry=http://evil',
    ' -g',
    'github:evil/pkg',
    'file:../../etc',
    'https://evil/x.tgz',
    'latest; rm -rf /',
    '$(id)',
    '`id`',
    'a b',
    '1.0.0\n2.0.0',
  ])('refuses the version %j with 400', async (version) => {
    expect(isVersionSpec(version)).toBe(false);
    const { status, body } = await execute({ version });
    expect(status).toBe(400);
    expect(body.error.message).toContain(
      'body.version must be a dist-tag, a version or an npm version range',
    );
  });

  it.each([
    '1.2.3',
    '1.2.3-beta.1+build.5',
    '^1.2',
    '~1',
    '1.x',
    '*',
    '>=1.0.0 <2',
    '1 || 2',
    '1.0.0 - 2.0.0',
    'latest',
    'next',
    'beta-2',
  ])('accepts the npm version spec %j', (version) => {
    expect(isVersionSpec(version)).toBe(true);
    if (!version.includes(' ')) expect(parseTpmjsToolRef(`pkg@${version}::tool`).version).toBe(version);
  });

  it('refuses a shell operator in a tool reference before any request is sent', () => {
    expect(() => parseTpmjsToolRef('pkg@1|2::tool')).toThrow('the version "1|2" is empty or malformed');
    expect(() => parseTpmjsToolRef('pkg@>>1::tool')).toThrow('malformed');
  });

  it('starts npm without a shell on Windows too: through Node and npm-cli.js', () => {
    expect(() => resolveNpmCommand(undefined, 'win32')).toThrow(/npm-cli\.js/);
    expect(resolveNpmCommand('C:\\node\\node_modules\\npm\\bin\\npm-cli.js', 'win32')).toEqual({
      file: process.execPath,
      prefix: ['C:\\node\\node_modules\\npm\\bin\\npm-cli.js'],
    });
    expect(resolveNpmCommand(undefined, 'linux')).toEqual({ file: 'npm', prefix: [] });
  });
});
