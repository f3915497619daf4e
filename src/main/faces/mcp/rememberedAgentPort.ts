import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../system/writeFileAtomic';

const FILE = 'agent-port';

/**
 * The port of the app's agent endpoint, kept in the config folder: pasted configurations name it,
 * so it stays the same across starts (`read` gives undefined until one was kept).
 */
export const rememberedAgentPort = {
  async read(configDir: string): Promise<number | undefined> {
    const text = await readFile(path.join(configDir, FILE), 'utf8').catch(() => '');
    const port = Number(text.trim());
    return /^\d{1,5}$/.test(text.trim()) && port > 0 && port <= 65535 ? port : undefined;
  },
  async keep(configDir: string, port: number): Promise<void> {
    await mkdir(configDir, { recursive: true });
    await writeFileAtomic(path.join(configDir, FILE), `${port}\n`, 0o600);
  },
};
