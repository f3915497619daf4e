import { createRandomToken } from '../../system/createRandomToken';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../system/writeFileAtomic';

/** Where `execbox mcp --http` keeps its own token (the app's endpoint keeps `agent-token`). */
export const STANDALONE_TOKEN_FILE = 'mcp-http-token';

/**
 * The token agents present to an MCP endpoint. Kept in the config folder (readable by the user
 * only) so a configuration pasted into an agent keeps working after a restart; delete the file to
 * revoke every pasted copy.
 */
export async function readAgentToken(configDir: string, fileName = 'agent-token'): Promise<string> {
  const file = path.join(configDir, fileName);
  const stored = await readFile(file, 'utf8').catch(() => '');
  if (/^[\w-]{32,}$/.test(stored.trim())) return stored.trim();
  const token = createRandomToken();
  await mkdir(configDir, { recursive: true });
  await writeFileAtomic(file, `${token}\n`, 0o600);
  return token;
}
