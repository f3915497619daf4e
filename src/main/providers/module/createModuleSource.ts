import { watch, type FSWatcher } from 'node:fs';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ModuleProviderConfig } from '../../../shared/api/providers';
import type { ProviderSource, ProviderSourceDeps } from '../ProviderSource';
import { readModuleTools } from './readModuleTools';

const RELOAD_DEBOUNCE_MS = 150;

/**
 * A TRUSTED ES module loaded into the host (it can do anything the host can), reloaded when the
 * file changes. Each reload imports a new URL, so Node keeps the old module instances in memory.
 */
export function createModuleSource(config: ModuleProviderConfig, deps: ProviderSourceDeps): ProviderSource {
  const file = path.resolve(deps.baseDir, config.path);
  let watcher: FSWatcher | undefined;
  let debounce: NodeJS.Timeout | undefined;
  let generation = 0;
  let disposed = false;

  const startWatching = () => {
    // A load that finishes after dispose (a stopped connection test) must not leave a watch behind.
    if (watcher || disposed) return;
    // The folder, not the file: editors often save by replacing the file, which ends a file watch.
    watcher = watch(path.dirname(file), (_event, name) => {
      if (name !== null && name.toString() !== path.basename(file)) return;
      clearTimeout(debounce);
      debounce = setTimeout(() => deps.listener.toolsChanged(), RELOAD_DEBOUNCE_MS);
    });
    watcher.on('error', () => undefined);
  };

  return {
    async load() {
      let mtime: number;
      try {
        mtime = (await stat(file)).mtimeMs;
      } catch {
        throw new Error(`module file ${file} does not exist`);
      }
      startWatching();
      if (deps.moduleContentTrusted) {
        const digest = createHash('sha256')
          .update(await readFile(file))
          .digest('hex');
        if (!(await deps.moduleContentTrusted(digest))) {
          throw new Error(
            `module file ${file} changed since it was trusted, so it was not loaded; allow it again to use it`,
          );
        }
      }
      generation += 1;
      const url = `${pathToFileURL(file).href}?v=${Math.floor(mtime)}-${generation}`;
      let exports: Record<string, unknown>;
      try {
        exports = (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
      } catch (error) {
        throw new Error(
          `module ${file} failed to load: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      return { name: config.name, tools: readModuleTools(exports, file) };
    },
    async dispose() {
      disposed = true;
      clearTimeout(debounce);
      watcher?.close();
      watcher = undefined;
    },
  };
}
