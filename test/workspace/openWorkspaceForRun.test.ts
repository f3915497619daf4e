import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openWorkspaceForRun } from '../../src/main/services/workspace/openWorkspaceForRun';
import { tempDir, writeWorkspace } from './hostFixture';

async function workspaceWithModule() {
  const dir = await tempDir();
  await writeFile(path.join(dir, 'tools.mjs'), "export const tools = [{ name: 'one', execute: () => 1 }];");
  const file = await writeWorkspace(path.join(dir, 'run.execbox.json'), {
    providers: [
      { id: 'a', name: 'mock', kind: 'mock', tools: { t: { response: { mode: 'fixed', result: 1 } } } },
      { id: 'b', name: 'mod', kind: 'module', path: './tools.mjs' },
    ],
    runtime: { limits: { timeoutMs: 1234 } },
  });
  return { file, configDir: await tempDir('execbox-config-') };
}

describe('openWorkspaceForRun (execbox run --workspace)', () => {
  it('refuses without --trust and without a terminal, naming what would start', async () => {
    const { file, configDir } = await workspaceWithModule();
    await expect(openWorkspaceForRun(file, { trust: false, configDir })).rejects.toThrow(
      /wants to start code on this machine:\n {2}- provider 'mod' would load the ES module .*tools\.mjs into the host\npass --trust/,
    );
  });

  it('with --trust loads every provider and the workspace runtime limits', async () => {
    const { file, configDir } = await workspaceWithModule();
    const opened = await openWorkspaceForRun(file, { trust: true, configDir });
    try {
      expect(opened.providers.map((p) => p.name)).toEqual(['mock', 'mod']);
      expect(opened.runtime.limits.timeoutMs).toBe(1234);
      expect(opened.warnings).toEqual([]);
    } finally {
      await opened.dispose();
    }
  });

  it('asks at the prompt when there is a terminal, and runs without what was declined', async () => {
    const { file, configDir } = await workspaceWithModule();
    const questions: string[] = [];
    const opened = await openWorkspaceForRun(file, {
      trust: false,
      configDir,
      ask: async (question) => {
        questions.push(question);
        return false;
      },
    });
    try {
      expect(questions).toEqual([
        expect.stringMatching(/^Allow provider 'mod' to load the ES module .*tools\.mjs into the host\?$/),
      ]);
      expect(opened.providers.map((p) => p.name)).toEqual(['mock']);
      expect(opened.warnings).toEqual([
        expect.stringContaining("provider 'mod' is unavailable: not started: you declined"),
      ]);
    } finally {
      await opened.dispose();
    }
  });
});
