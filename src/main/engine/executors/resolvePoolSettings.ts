/** execbox's pool settings for a pooled executor, given at construction as `pool: { … }`. */
export interface ExecutorPoolOptions {
  maxSize: number;
  minSize?: number;
  idleTimeoutMs?: number;
  /** Start shells as the executor is made: `true` up to minSize (at least one), a number for that many. */
  prewarm?: boolean | number;
}

/** The same settings as this project's flat construction options. */
export interface FlatPoolOptions {
  minSize?: number;
  maxSize?: number;
  idleTimeoutMs?: number;
  pool?: ExecutorPoolOptions;
}

export interface PoolSettings {
  minSize?: number;
  maxSize?: number;
  idleTimeoutMs?: number;
  /** Shells to start as the executor is made (0: none). */
  prewarm: number;
}

function checkCount(value: unknown, where: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new TypeError(
      `${where} must be an integer >= ${min} (got ${JSON.stringify(value) ?? typeof value})`,
    );
  }
  return value;
}

/**
 * Reads the pool settings of a pooled executor from either shape: execbox's `pool: { maxSize,
 * minSize, idleTimeoutMs, prewarm }` or the flat `minSize`, `maxSize`, `idleTimeoutMs`. Both at
 * once, or a malformed `pool`, throws a TypeError naming the field.
 */
export function resolvePoolSettings(options: FlatPoolOptions): PoolSettings {
  const { pool } = options;
  if (pool === undefined) {
    const { minSize, maxSize, idleTimeoutMs } = options;
    return { minSize, maxSize, idleTimeoutMs, prewarm: 0 };
  }
  if (typeof pool !== 'object' || pool === null || Array.isArray(pool)) {
    throw new TypeError('pool must be an object such as { maxSize: 2 }');
  }
  const flat = (['minSize', 'maxSize', 'idleTimeoutMs'] as const).filter((key) => options[key] !== undefined);
  if (flat.length > 0) {
    throw new TypeError(`give the pool settings either in pool or as ${flat.join(', ')}, not both`);
  }
  const maxSize = checkCount(pool.maxSize, 'pool.maxSize', 1);
  if (maxSize === undefined) throw new TypeError('pool.maxSize is required');
  const minSize = checkCount(pool.minSize, 'pool.minSize', 0);
  const idleTimeoutMs = checkCount(pool.idleTimeoutMs, 'pool.idleTimeoutMs', 0);
  let prewarm = 0;
  if (typeof pool.prewarm === 'number')
    prewarm = Math.min(checkCount(pool.prewarm, 'pool.prewarm', 0)!, maxSize);
  else if (pool.prewarm === true) prewarm = Math.max(1, Math.min(minSize ?? 1, maxSize));
  else if (pool.prewarm !== undefined && pool.prewarm !== false) {
    throw new TypeError(`pool.prewarm must be a boolean or an integer >= 0 (got ${typeof pool.prewarm})`);
  }
  return { minSize, maxSize, idleTimeoutMs, prewarm };
}
