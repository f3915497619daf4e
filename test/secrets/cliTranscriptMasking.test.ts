import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import runCommand from '../../src/main/faces/cli/runCommand';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import { secretMaskToken } from '../../src/shared/secretMaskToken';
import { runCliCommand } from '../support/runCliCommand';
import { tempDir, writeWorkspace } from '../workspace/hostFixture';
import { LEAKY_SERVER } from './hostHarness';

const TOKEN = 'cli-leaky-token-81723';

afterEach(() => vi.unstubAllEnvs());

// Issue 10.8: `execbox run --transcript` wrote secrets in clear.
describe('execbox run --workspace --transcript', { timeout: 60_000 }, () => {
  it('masks the secret a provider echoes in the transcript file, the printed result and the guest', async () => {
    const dir = await tempDir('execbox-cli-secret-');
    const configDir = path.join(dir, 'config');
    vi.stubEnv('EXECBOX_CONFIG_DIR', configDir);
    await createFileSecretStore(configDir).set('LEAKY_TOKEN', TOKEN);
    const workspace = await writeWorkspace(path.join(dir, 'w.execbox.json'), {
      providers: [
        {
          id: 'l',
          name: 'leaky',
          kind: 'mcp',
          transport: {
            type: 'stdio',
            command: process.execPath,
            args: [LEAKY_SERVER],
            env: { LEAKY_TOKEN: '${secret:LEAKY_TOKEN}' },
          },
        },
      ],
    });
    const script = path.join(dir, 'guest.js');
    await writeFile(
      script,
      'const env = await leaky.env({}); const text = JSON.stringify(env); return { seen: text.includes("cli-leaky"), env };',
    );
    const out = path.join(dir, 'run.jsonl');
    const { code, stdout } = await runCliCommand(runCommand, [
      script,
      '--workspace',
      workspace,
      '--trust',
      '--transcript',
      out,
    ]);
    expect(code).toBe(0);
    const transcript = await readFile(out, 'utf8');
    for (const text of [transcript, stdout]) {
      expect(text).not.toContain(TOKEN);
      expect(text).toContain(secretMaskToken('LEAKY_TOKEN'));
    }
    expect(JSON.parse(stdout).result.seen).toBe(false);
  });
});
