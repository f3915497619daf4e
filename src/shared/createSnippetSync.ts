import { textRevision } from './textRevision';

export type SnippetSaveState = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

/** Both texts of a snippet that this tab and someone else changed at the same time. */
export interface SnippetConflict {
  /** What this tab shows and has not saved. */
  mine: string;
  /** What the host holds now; undefined until its change arrives. */
  theirs: string | undefined;
}

export interface SnippetSyncOptions {
  /** Writes the code if the host's copy still has `expectedRevision`; rejects with a conflict otherwise. */
  write(id: string, code: string, expectedRevision: string): Promise<unknown>;
  isConflict(error: unknown): boolean;
  onChange(id: string): void;
  delayMs?: number;
}

interface Entry {
  /** The host's text as this tab last learned it (from an event or an acknowledged write). */
  base: string;
  /** This tab's text while it differs from `base` and is not yet acknowledged. */
  local: string | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  inFlight: { text: string; done: Promise<void> } | undefined;
  state: SnippetSaveState;
  error?: unknown;
  conflict?: SnippetConflict;
}

/**
 * Keeps one tab's snippet texts in step with the host without ever losing an edit: every write
 * names the revision it was based on, changes from other tabs are adopted where this tab has
 * nothing unsaved, and where both changed the same snippet the conflict keeps both texts.
 */
export function createSnippetSync(options: SnippetSyncOptions) {
  const entries = new Map<string, Entry>();
  const delayMs = options.delayMs ?? 400;

  const set = (id: string, entry: Entry, state: SnippetSaveState, error?: unknown) => {
    entry.state = state;
    entry.error = error;
    options.onChange(id);
  };

  const enterConflict = (id: string, entry: Entry, theirs: string | undefined) => {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.conflict = { mine: entry.local ?? entry.inFlight?.text ?? entry.base, theirs };
    set(id, entry, 'conflict');
  };

  async function saveNow(id: string): Promise<void> {
    const entry = entries.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    if (entry.inFlight) {
      await entry.inFlight.done;
      return saveNow(id);
    }
    if (entry.conflict || entry.local === undefined) return;
    const text = entry.local;
    set(id, entry, 'saving');
    const done = options.write(id, text, textRevision(entry.base)).then(
      () => {
        entry.inFlight = undefined;
        entry.base = text;
        if (entry.local === text) entry.local = undefined;
        if (entry.conflict) return;
        if (entry.local === undefined) set(id, entry, 'saved');
        else schedule(id, entry);
      },
      (error: unknown) => {
        entry.inFlight = undefined;
        if (options.isConflict(error)) {
          // Its change may not have arrived yet; remote() fills in their text when it does.
          if (!entry.conflict) enterConflict(id, entry, undefined);
        } else if (!entry.conflict) set(id, entry, 'failed', error);
      },
    );
    entry.inFlight = { text, done };
    await done;
  }

  function schedule(id: string, entry: Entry) {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => void saveNow(id), delayMs);
    set(id, entry, 'pending');
  }

  return {
    /**
     * The host's current text (from every workspace view). Returns true when the editor should show
     * it: this tab has nothing unsaved for the snippet.
     */
    remote(id: string, code: string): boolean {
      const entry = entries.get(id);
      if (!entry) {
        entries.set(id, {
          base: code,
          local: undefined,
          timer: undefined,
          inFlight: undefined,
          state: 'saved',
        });
        return true;
      }
      if (entry.conflict) {
        if (entry.conflict.theirs !== code) {
          entry.conflict = { ...entry.conflict, theirs: code };
          options.onChange(id);
        }
        return false;
      }
      if (entry.inFlight?.text === code || code === entry.base) {
        entry.base = code;
        return false;
      }
      if (entry.local === undefined && !entry.inFlight) {
        entry.base = code;
        return true;
      }
      if (entry.local === code) {
        clearTimeout(entry.timer);
        entry.base = code;
        entry.local = undefined;
        set(id, entry, 'saved');
        return false;
      }
      enterConflict(id, entry, code);
      return false;
    },

    /** This tab's editor now shows `value`. */
    edit(id: string, value: string): void {
      const entry = entries.get(id);
      if (!entry) return;
      if (entry.conflict) {
        entry.conflict = { ...entry.conflict, mine: value };
        entry.local = value;
        options.onChange(id);
        return;
      }
      if (value === entry.base && !entry.inFlight) {
        clearTimeout(entry.timer);
        entry.local = undefined;
        set(id, entry, 'saved');
        return;
      }
      entry.local = value;
      schedule(id, entry);
    },

    /** Settles a conflict: keep this tab's text (written over theirs) or take theirs. */
    resolve(id: string, keep: 'mine' | 'theirs'): string | undefined {
      const entry = entries.get(id);
      const conflict = entry?.conflict;
      if (!entry || conflict?.theirs === undefined) return undefined;
      entry.conflict = undefined;
      entry.base = conflict.theirs;
      if (keep === 'theirs') {
        entry.local = undefined;
        set(id, entry, 'saved');
        return conflict.theirs;
      }
      entry.local = conflict.mine;
      void saveNow(id);
      return conflict.mine;
    },

    /** Saves what failed (e.g. while the host was away) once it is back. */
    retryFailed(): void {
      for (const [id, entry] of entries) if (entry.state === 'failed') void saveNow(id);
    },

    stateOf(id: string): { state: SnippetSaveState; error?: unknown; conflict?: SnippetConflict } {
      const entry = entries.get(id);
      if (!entry) return { state: 'saved' };
      return {
        state: entry.state,
        error: entry.error,
        ...(entry.conflict ? { conflict: entry.conflict } : {}),
      };
    },

    hasUnsaved(): boolean {
      return [...entries.values()].some((e) => e.local !== undefined || e.inFlight || e.conflict);
    },

    /** Stops tracking a snippet that no longer exists; returns the text this tab had not saved, if any. */
    forget(id: string): string | undefined {
      const entry = entries.get(id);
      if (!entry) return undefined;
      clearTimeout(entry.timer);
      entries.delete(id);
      options.onChange(id);
      const unsaved = entry.conflict?.mine ?? entry.local ?? entry.inFlight?.text;
      return unsaved === entry.base ? undefined : unsaved;
    },

    async flush(): Promise<void> {
      await Promise.all([...entries.keys()].map((id) => saveNow(id)));
    },
  };
}

export type SnippetSync = ReturnType<typeof createSnippetSync>;
