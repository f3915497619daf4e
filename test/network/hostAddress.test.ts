import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/main/system/isLoopbackHost';
import { parseHostPort } from '../../src/main/system/parseHostPort';
import { tokensMatch } from '../../src/main/system/tokensMatch';
import runnerListenCommand from '../../src/main/programs/runnerServer/runnerListenCommand';
import { RUNNER_TOKEN_ENV } from '../../src/main/engine/transports/runnerServerDefaults';

describe('listen addresses', () => {
  it.each([
    ['8787', { host: '127.0.0.1', port: 8787 }],
    ['0.0.0.0:9000', { host: '0.0.0.0', port: 9000 }],
    ['localhost:1', { host: 'localhost', port: 1 }],
    ['[::1]:8080', { host: '::1', port: 8080 }],
  ])('parses %s', (value, expected) => {
    expect(parseHostPort(value)).toEqual(expected);
  });

  it.each(['', 'host:', ':80', 'host:99999', 'a:b:c'])('refuses %j, naming the value', (value) => {
    expect(() => parseHostPort(value)).toThrow(`'${value}' is not HOST:PORT`);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.2', false],
    ['example.com', false],
  ])('%s is loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});

describe('tokensMatch', () => {
  it('accepts only the exact token', () => {
    expect(tokensMatch('secret', 'secret')).toBe(true);
    expect(tokensMatch('secre', 'secret')).toBe(false);
    expect(tokensMatch('secretx', 'secret')).toBe(false);
    expect(tokensMatch(undefined, 'secret')).toBe(false);
  });
});

describe('execbox runner --listen', () => {
  it('refuses to start without a token', async () => {
    const saved = process.env[RUNNER_TOKEN_ENV];
    delete process.env[RUNNER_TOKEN_ENV];
    const writes: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => writes.push(String(chunk)) > 0) as typeof process.stderr.write;
    try {
      expect(await runnerListenCommand(['--listen', '127.0.0.1:0'])).toBe(2);
    } finally {
      process.stderr.write = original;
      if (saved !== undefined) process.env[RUNNER_TOKEN_ENV] = saved;
    }
    expect(writes.join('')).toContain('refusing to listen without a token');
  });
});
