import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createDemoWorkspace } from '../../services/workspace/demoWorkspace';
import { writeFileAtomic } from '../../system/writeFileAtomic';

/**
 * The demo workspace `execbox mcp` serves without `--workspace`: one copy in the config folder,
 * written when missing. `pristine` says it is still exactly the demo the app wrote (so what it runs
 * needs no trust question); once someone edits it, the usual trust rules apply.
 */
export async function ensureDemoWorkspaceFile(
  configDir: string,
): Promise<{ file: string; pristine: boolean }> {
  const file = path.join(configDir, 'workspaces', 'mcp-demo.execbox.json');
  const demoText = JSON.stringify(createDemoWorkspace(), null, 2) + '\n';
  const current = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (current === undefined) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, demoText);
    return { file, pristine: true };
  }
  return { file, pristine: current === demoText };
}
