import { describe, expect, it, vi } from 'vitest';
import { createSnippetSync } from '../../src/shared/createSnippetSync';
import { textRevision } from '../../src/shared/textRevision';

class Conflict extends Error {}

/** A fake host holding one snippet, checking revisions as the real one does. */
function fakeHost(initial: string) {
  const host = {
    code: initial,
    writes: [] as string[],
    async write(_id: string, code: string, expected: string) {
      await Promise.resolve();
      if (textRevision(host.code) !== expected) throw new Conflict('stale');
      host.code = code;
      host.writes.push(code);
    },
  };
  return host;
}

function tab(host: ReturnType<typeof fakeHost>) {
  const sync = createSnippetSync({
    write: (id, code, rev) => host.write(id, code, rev),
    isConflict: (e) => e instanceof Conflict,
    onChange: () => {},
    delayMs: 5,
  });
  sync.remote('s', host.code);
  return sync;
}

/** Tabs A and B edited the same snippet at once: A saved first ('base A'), so B is in conflict ('base B'). */
async function tabsInConflict() {
  const host = fakeHost('base');
  const a = tab(host);
  const b = tab(host);
  a.edit('s', 'base A');
  b.edit('s', 'base B');
  await a.flush();
  await b.flush();
  return { host, a, b };
}

describe('snippet sync', () => {
  it('saves an edit with the revision it was based on and reports saved', async () => {
    const host = fakeHost('a');
    const sync = tab(host);
    sync.edit('s', 'a1');
    expect(sync.stateOf('s').state).toBe('pending');
    await sync.flush();
    expect(host.code).toBe('a1');
    expect(sync.stateOf('s').state).toBe('saved');
  });

  it('adopts another tab’s change when it has nothing unsaved', () => {
    const host = fakeHost('a');
    const sync = tab(host);
    expect(sync.remote('s', 'from elsewhere')).toBe(true);
    sync.edit('s', 'from elsewhere');
    expect(sync.stateOf('s').state).toBe('saved');
  });

  it('keeps both texts when two tabs changed the same snippet, and writes nothing until told', async () => {
    const { host, b } = await tabsInConflict();
    expect(host.code).toBe('base A');
    expect(b.stateOf('s')).toMatchObject({ state: 'conflict', conflict: { mine: 'base B' } });
    // A's change reaches B: the conflict now shows both texts.
    expect(b.remote('s', host.code)).toBe(false);
    expect(b.stateOf('s').conflict).toEqual({ mine: 'base B', theirs: 'base A' });
    b.edit('s', 'base B2');
    await b.flush();
    expect(host.writes).toEqual(['base A']);
    expect(b.resolve('s', 'mine')).toBe('base B2');
    await b.flush();
    expect(host.code).toBe('base B2');
    expect(b.stateOf('s').state).toBe('saved');
  });

  it('taking their version drops this tab’s text and saves nothing', async () => {
    const host = fakeHost('base');
    const b = tab(host);
    b.edit('s', 'mine');
    host.code = 'theirs';
    b.remote('s', 'theirs');
    expect(b.stateOf('s').state).toBe('conflict');
    expect(b.resolve('s', 'theirs')).toBe('theirs');
    await b.flush();
    expect(host.writes).toEqual([]);
    expect(b.stateOf('s').state).toBe('saved');
  });

  it('does not mistake the echo of its own write for someone else’s change while typing on', async () => {
    const host = fakeHost('');
    const sync = tab(host);
    sync.edit('s', 'a');
    const first = sync.flush();
    sync.edit('s', 'ab');
    // The host announces the first write before answering it.
    expect(sync.remote('s', 'a')).toBe(false);
    await first;
    await sync.flush();
    expect(host.code).toBe('ab');
    expect(sync.stateOf('s').state).toBe('saved');
  });

  it('keeps a failed save (host away) and retries it when asked', async () => {
    const host = fakeHost('x');
    const sync = tab(host);
    const write = vi
      .spyOn(host, 'write')
      .mockRejectedValueOnce(new Error('the connection to the host was lost'));
    sync.edit('s', 'x2');
    await sync.flush();
    expect(sync.stateOf('s').state).toBe('failed');
    sync.retryFailed();
    await sync.flush();
    expect(write).toHaveBeenCalledTimes(2);
    expect(host.code).toBe('x2');
    expect(sync.stateOf('s').state).toBe('saved');
  });

  describe('forgetting a deleted snippet hands back what this tab had not saved', () => {
    it('nothing when every edit was saved', async () => {
      const host = fakeHost('a');
      const sync = tab(host);
      sync.edit('s', 'a1');
      await sync.flush();
      expect(sync.forget('s')).toBeUndefined();
    });

    it('an edit still waiting for its save, which never happens', async () => {
      const host = fakeHost('a');
      const sync = tab(host);
      sync.edit('s', 'a1');
      expect(sync.forget('s')).toBe('a1');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(host.writes).toEqual([]);
    });

    it('an edit whose save is on its way', () => {
      const host = fakeHost('a');
      const sync = tab(host);
      sync.edit('s', 'a1');
      void sync.flush();
      expect(sync.stateOf('s').state).toBe('saving');
      expect(sync.forget('s')).toBe('a1');
    });

    it("this tab's side of a conflict", async () => {
      const { b } = await tabsInConflict();
      expect(b.stateOf('s').state).toBe('conflict');
      expect(b.forget('s')).toBe('base B');
    });

    it('nothing for a snippet it never knew', () => {
      expect(tab(fakeHost('a')).forget('other')).toBeUndefined();
    });
  });
});
