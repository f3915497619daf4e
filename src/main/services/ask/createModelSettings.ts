import path from 'node:path';
import type { ModelEndpoint } from '../../../shared/api/ask';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { ensurePrivateDir } from '../../system/ensurePrivateDir';
import { readTextIfExists } from '../../system/readTextIfExists';
import { writeFileAtomic } from '../../system/writeFileAtomic';
import { checkModelEndpoint } from './checkModelEndpoint';

export const MODELS_FILE = 'models.json';
const MAX_MODELS = 100;

export interface ModelSettings {
  list(): Promise<ModelEndpoint[]>;
  save(endpoint: unknown, replacing?: unknown): Promise<ModelEndpoint[]>;
  delete(name: unknown): Promise<ModelEndpoint[]>;
}

/**
 * The person's model endpoints, in `models.json` in the app's config folder (never in a workspace
 * file, which is shared): names, URLs and the names of key secrets, no key values.
 */
export function createModelSettings(configDir: string): ModelSettings {
  const file = path.join(configDir, MODELS_FILE);
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };

  async function read(): Promise<ModelEndpoint[]> {
    const text = await readTextIfExists(file);
    if (text === undefined) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${file} is not valid JSON`);
    }
    const models = (parsed as { models?: unknown } | null)?.models;
    if (!Array.isArray(models)) throw new Error(`${file} must hold { "models": [ … ] }`);
    return models.map((model, index) => checkModelEndpoint(model, `${file}: models[${index}]`));
  }

  async function write(models: ModelEndpoint[]): Promise<ModelEndpoint[]> {
    await ensurePrivateDir(configDir);
    await writeFileAtomic(file, JSON.stringify({ models }, null, 2) + '\n', 0o600);
    return models;
  }

  return {
    list: read,
    save: (raw, replacing) =>
      serialized(async () => {
        const endpoint = checkModelEndpoint(raw);
        // Over the wire an argument left out may arrive as null.
        if (replacing !== undefined && replacing !== null && typeof replacing !== 'string')
          throw new InvalidArgumentError('replacing must be the name of a model');
        const models = await read();
        const old = models.findIndex((model) => model.name === (replacing ?? endpoint.name));
        if (models.some((model, index) => model.name === endpoint.name && index !== old))
          throw new InvalidArgumentError(`a model named '${endpoint.name}' is already set up`);
        if (old >= 0) models[old] = endpoint;
        else if (models.length >= MAX_MODELS)
          throw new InvalidArgumentError(`at most ${MAX_MODELS} models can be set up`);
        else models.push(endpoint);
        return write(models);
      }),
    delete: (name) =>
      serialized(async () => {
        if (typeof name !== 'string') throw new InvalidArgumentError('name must be a string');
        const models = await read();
        const kept = models.filter((model) => model.name !== name);
        if (kept.length === models.length) throw new InvalidArgumentError(`no model named '${name}'`);
        return write(kept);
      }),
  };
}
