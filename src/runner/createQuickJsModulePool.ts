import { createBoundedQuickJsModule, pagesForLimit, type BoundedQuickJsModule } from './boundedQuickJsModule';
import { prepareGuestContext, type PreparedGuestContext } from './prepareGuestContext';

export interface QuickJsModuleLease {
  bounded: BoundedQuickJsModule;
  /** A fresh context for this execution: the one prepared while idle, or a new one. */
  takeContext(): PreparedGuestContext;
  /** Returns the module for reuse, or drops it when it may be damaged (after an out-of-memory or a trap). */
  release(poisoned: boolean): void;
}

export interface QuickJsModulePool {
  acquire(memoryLimitBytes: number): Promise<QuickJsModuleLease>;
  /** Loads a module for this limit (and a spare context) ahead of the first execution. */
  prewarm(memoryLimitBytes: number): Promise<void>;
  idleCount(): number;
}

/**
 * Hands each execution a module of its own (one at a time per runner process; several when the
 * in-process executor runs executions concurrently) and keeps a few idle ones per memory cap.
 */
export function createQuickJsModulePool(maxIdle = 2): QuickJsModulePool {
  interface Entry {
    bounded: BoundedQuickJsModule;
    spare?: PreparedGuestContext;
  }
  const idle: Entry[] = [];
  const warming = new Map<number, Promise<Entry>>();
  const discard = (entry: Entry): void => {
    try {
      entry.spare?.dispose();
    } catch {
      // The module is being dropped anyway.
    }
    entry.spare = undefined;
  };
  const prepareSpare = (entry: Entry): void => {
    if (entry.spare || !idle.includes(entry)) return;
    try {
      entry.spare = prepareGuestContext(entry.bounded.module);
    } catch {
      idle.splice(idle.indexOf(entry), 1);
    }
  };
  return {
    async acquire(memoryLimitBytes) {
      const maxPages = pagesForLimit(memoryLimitBytes);
      let index = idle.findIndex((candidate) => candidate.bounded.maxPages === maxPages);
      if (index === -1 && warming.has(maxPages)) {
        await warming.get(maxPages)!.catch(() => undefined);
        index = idle.findIndex((candidate) => candidate.bounded.maxPages === maxPages);
      }
      const entry: Entry =
        index === -1 ? { bounded: await createBoundedQuickJsModule(maxPages) } : idle.splice(index, 1)[0]!;
      const { bounded } = entry;
      bounded.resetHeapExhausted();
      let released = false;
      return {
        bounded,
        takeContext() {
          const spare = entry.spare;
          entry.spare = undefined;
          return spare ?? prepareGuestContext(bounded.module);
        },
        release(poisoned) {
          if (released) return;
          released = true;
          if (poisoned || bounded.heapExhausted()) return discard(entry);
          idle.push(entry);
          if (idle.length > maxIdle) discard(idle.shift()!);
          setImmediate(() => prepareSpare(entry));
        },
      };
    },
    async prewarm(memoryLimitBytes) {
      const maxPages = pagesForLimit(memoryLimitBytes);
      if (warming.has(maxPages) || idle.some((entry) => entry.bounded.maxPages === maxPages)) return;
      const warmed = createBoundedQuickJsModule(maxPages).then((bounded) => {
        const entry: Entry = { bounded };
        idle.push(entry);
        prepareSpare(entry);
        return entry;
      });
      warming.set(maxPages, warmed);
      try {
        await warmed;
      } finally {
        warming.delete(maxPages);
      }
    },
    idleCount: () => idle.length,
  };
}

let shared: QuickJsModulePool | undefined;

/** The pool of this process (or thread): the module is loaded once and reused across executions. */
export function sharedQuickJsModulePool(): QuickJsModulePool {
  shared ??= createQuickJsModulePool();
  return shared;
}
