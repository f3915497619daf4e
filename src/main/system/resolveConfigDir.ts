import os from 'node:os';
import path from 'node:path';

/** `$EXECBOX_CONFIG_DIR`, else `$XDG_CONFIG_HOME/execbox-playground`, else `~/.config/execbox-playground`. */
export function resolveConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.EXECBOX_CONFIG_DIR) return path.resolve(env.EXECBOX_CONFIG_DIR);
  const base = env.XDG_CONFIG_HOME ? env.XDG_CONFIG_HOME : path.join(os.homedir(), '.config');
  return path.join(base, 'execbox-playground');
}
