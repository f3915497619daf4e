import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../system/writeFileAtomic';

/**
 * The token agents present to the app's MCP endpoint. Kept in the config folder (readable by the
 * user only) so a configuration pasted into an agent keeps working after the app restarts; delete
 * the file to revoke every pasted copy.
 */
export async function readAgentToken(configDir: string): Promise<string> {
  const file = path.join(configDir, 'agent-token');
  const stored = await readFile(file, 'utf8').catch(() => '');
  if (/^[\w-]{32,}$/.test(stored.trim())) return stored.trim();
  const token = randomBytes(24).toString('base64url');
  await mkdir(configDir, { recursive: true });
  await writeFileAtomic(file, `${token}\n`, 0o600);
  return token;
}
