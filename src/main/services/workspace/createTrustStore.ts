import path from 'node:path';
import { ensurePrivateDir } from '../../system/ensurePrivateDir';
import { readTextIfExists } from '../../system/readTextIfExists';
import { writeFileAtomic } from '../../system/writeFileAtomic';

export type TrustDecision = 'allow' | 'deny';

/** Remembers, per workspace file and per command fingerprint, whether the user let it run. */
export interface TrustStore {
  decision(workspacePath: string, fingerprint: string): Promise<TrustDecision | undefined>;
  record(workspacePath: string, fingerprint: string, decision: TrustDecision): Promise<void>;
}

type TrustFile = Record<string, Record<string, TrustDecision>>;

async function readTrustFile(file: string): Promise<TrustFile> {
  const text = await readTextIfExists(file);
  if (text === undefined) return {};
  try {
    const parsed = JSON.parse(text) as { workspaces?: TrustFile };
    return parsed.workspaces ?? {};
  } catch {
    // A damaged trust file forgets every answer, which only means asking again.
    return {};
  }
}

/** `trust.json` (0600) in the config folder. */
export function createFileTrustStore(configDir: string): TrustStore {
  const file = path.join(configDir, 'trust.json');
  let queue: Promise<unknown> = Promise.resolve();
  return {
    async decision(workspacePath, fingerprint) {
      return (await readTrustFile(file))[path.resolve(workspacePath)]?.[fingerprint];
    },
    record(workspacePath, fingerprint, decision) {
      const task = async () => {
        const workspaces = await readTrustFile(file);
        const key = path.resolve(workspacePath);
        workspaces[key] = { ...workspaces[key], [fingerprint]: decision };
        await ensurePrivateDir(configDir);
        await writeFileAtomic(file, JSON.stringify({ version: 1, workspaces }, null, 2) + '\n', 0o600);
      };
      const next = queue.then(task, task);
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
