import { createBoundedQuickJsModule, pagesForLimit, type BoundedQuickJsModule } from './boundedQuickJsModule';
import { prepareGuestContext, type PreparedGuestContext } from './prepareGuestContext';

export interface QuickJsModuleLease {
  bounded: BoundedQuickJsModule;
  /** A fresh context for this execution: the one prepared while idle, or a new one. */
  takeContext(): PreparedGuestContext;
  /**
   * Returns the module for reuse, or drops it when it may be damaged (after an out-of-memory or a
   * trap). Given the session's teardown instead of a verdict, the pool runs it while idle (or, at the
   * latest, before the module is handed out again) and drops the module when it reports damage.
   */
  release(poisoned: boolean | (() => boolean)): void;
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
    /** The previous session's teardown, not yet run; returns true when the module must be dropped. */
    teardown?: () => boolean;
    /** Idle work is scheduled for this entry (one pending immediate at most, however many runs end). */
    tidyPending?: boolean;
  }
  const idle: Entry[] = [];
  const warming = new Map<number, Promise<Entry>>();
  const discard = (entry: Entry): void => {
    try {
      if (!entry.bounded.abandoned()) entry.spare?.dispose();
    } catch {
      // The module is being dropped anyway.
    }
    entry.spare = undefined;
    entry.teardown = undefined;
  };
  /** Runs a pending teardown; false when the module must be dropped. */
  const settle = (entry: Entry): boolean => {
    const teardown = entry.teardown;
    if (!teardown) return true;
    entry.teardown = undefined;
    let poisoned: boolean;
    try {
      poisoned = teardown();
    } catch {
      poisoned = true;
    }
    return !poisoned && !entry.bounded.heapExhausted() && !entry.bounded.abandoned();
  };
  /** Idle work: free the last session's runtime, then prepare the next context. */
  const tidy = (entry: Entry): void => {
    const index = idle.indexOf(entry);
    if (index === -1) return;
    if (!settle(entry)) {
      idle.splice(index, 1);
      discard(entry);
      return;
    }
    prepareSpare(entry);
  };
  const prepareSpare = (entry: Entry): void => {
    if (entry.spare || entry.teardown || !idle.includes(entry)) return;
    try {
      entry.spare = prepareGuestContext(entry.bounded.module);
    } catch {
      idle.splice(idle.indexOf(entry), 1);
    }
  };
  return {
    async acquire(memoryLimitBytes) {
      const maxPages = pagesForLimit(memoryLimitBytes);
      const takeIdle = (): Entry | undefined => {
        for (;;) {
          const index = idle.findIndex((candidate) => candidate.bounded.maxPages === maxPages);
          if (index === -1) return undefined;
          const candidate = idle.splice(index, 1)[0]!;
          if (settle(candidate)) return candidate;
          discard(candidate);
        }
      };
      let found = takeIdle();
      if (!found && warming.has(maxPages)) {
        await warming.get(maxPages)!.catch(() => undefined);
        found = takeIdle();
      }
      const entry: Entry = found ?? { bounded: await createBoundedQuickJsModule(maxPages) };
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
          if (typeof poisoned === 'function') entry.teardown = poisoned;
          else if (poisoned || bounded.heapExhausted()) return discard(entry);
          idle.push(entry);
          if (idle.length > maxIdle) discard(idle.shift()!);
          // Back-to-back runs that never yield to the event loop would otherwise queue one immediate
          // per run, and that queue kept every run's garbage alive until a major GC.
          if (entry.tidyPending) return;
          entry.tidyPending = true;
          setImmediate(() => {
            entry.tidyPending = false;
            tidy(entry);
          });
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
