import { afterEach, describe, expect, it } from 'vitest';
import serveCommand from '../../src/main/faces/cli/serveCommand';
import { createRandomToken } from '../../src/main/system/createRandomToken';

const saved = process.env.EXECBOX_TOKEN;
afterEach(() => {
  if (saved === undefined) delete process.env.EXECBOX_TOKEN;
  else process.env.EXECBOX_TOKEN = saved;
});

describe('execbox serve --token', () => {
  it('refuses a short token before starting anything', async () => {
    await expect(serveCommand(['--token', 'short'])).rejects.toThrow(
      /--token must be at least 16 characters/,
    );
  });

  it('refuses a token that would break the link', async () => {
    await expect(serveCommand(['--token', 'spaces are not ok here#x'])).rejects.toThrow(
      /--token may use only letters, digits/,
    );
  });

  it('checks EXECBOX_TOKEN the same way and names it', async () => {
    process.env.EXECBOX_TOKEN = 'tiny';
    await expect(serveCommand([])).rejects.toThrow(/EXECBOX_TOKEN must be at least 16 characters/);
  });

  it('takes a generated token after --token as the token, never as another option', async () => {
    // A bad port stops the command right after its options are read, before anything starts.
    for (let i = 0; i < 500; i++) {
      await expect(serveCommand(['--token', createRandomToken(), '--port', 'none'])).rejects.toThrow(
        /^--port must be a number/,
      );
    }
  });
});
