import {
  chmod,
  lchown,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { followOwnLinks, ForeignLinkError, mayFollowLink } from '../../src/main/system/followOwnLinks';
import { writeFileAtomic } from '../../src/main/system/writeFileAtomic';
import { writeTapOutcome } from '../../src/main/programs/tap/writeTapOutcome';
import { createTapSession } from '../../src/main/programs/tap/createTapSession';

const posix = process.platform !== 'win32';
const root = process.getuid?.() === 0;
const OTHER_USER = 65_534;

/** A shared folder like /tmp: world-writable and sticky, with a file of the victim's elsewhere. */
async function sharedStickyFolder() {
  const base = await mkdtemp(path.join(os.tmpdir(), 'execbox-sticky-'));
  const shared = path.join(base, 'shared');
  await mkdir(shared);
  await chmod(shared, 0o1777);
  const victim = path.join(base, 'victim.txt');
  await writeFile(victim, 'precious\n');
  return { base, shared, victim };
}

/** A link in `folder` as another user would plant it (only root can give it another owner). */
async function plant(target: string, link: string): Promise<void> {
  await symlink(target, link);
  await lchown(link, OTHER_USER, OTHER_USER);
}

describe('mayFollowLink: the protected_symlinks rule', () => {
  it('follows links of this user or of the folder owner, and no one else', () => {
    expect(mayFollowLink({ uid: 1000 }, { uid: 0 }, 1000)).toBe(true);
    expect(mayFollowLink({ uid: 0 }, { uid: 0 }, 1000)).toBe(true);
    expect(mayFollowLink({ uid: 1001 }, { uid: 0 }, 1000)).toBe(false);
    expect(mayFollowLink({ uid: 1001 }, { uid: 1001 }, 1000)).toBe(true);
  });
});

describe.runIf(posix)('followOwnLinks', () => {
  it('follows links of its own, in the folders on the way too', async () => {
    const { shared } = await sharedStickyFolder();
    await mkdir(path.join(shared, 'real'));
    await symlink('real', path.join(shared, 'dir'));
    await symlink(path.join('..', 'dir', 'file.json'), path.join(shared, 'dir', 'link.json'));
    expect(await followOwnLinks(path.join(shared, 'dir', 'link.json'))).toBe(
      path.join(shared, 'real', 'file.json'),
    );
  });
});

// Only root can give a link another owner, as another user's planting would.
describe.runIf(posix && root)(
  'a link another user planted in a sticky folder is never written through',
  () => {
    it('refuses a transcript path that is a link to a file of the victim, which stays as it was', async () => {
      const { shared, victim } = await sharedStickyFolder();
      const link = path.join(shared, 'session.jsonl');
      await plant(victim, link);
      const error = await writeFileAtomic(link, 'transcript', 0o600).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ForeignLinkError);
      expect((error as Error).message).toBe(
        `refusing to write ${link}: ${link} is a link owned by another user (uid ${OTHER_USER}), who could point it at any file of yours; remove it or give another path`,
      );
      expect(await readFile(victim, 'utf8')).toBe('precious\n');
      expect(await readlink(link)).toBe(victim);
      expect(await readdir(shared)).toEqual(['session.jsonl']);
    });

    it('refuses a dangling link and creates nothing at its target', async () => {
      const { base, shared } = await sharedStickyFolder();
      const target = path.join(base, 'created-by-the-link');
      await plant(target, path.join(shared, 'session.findings.json'));
      await expect(writeFileAtomic(path.join(shared, 'session.findings.json'), '{}', 0o600)).rejects.toThrow(
        ForeignLinkError,
      );
      await expect(lstat(target)).rejects.toThrow(/ENOENT/);
    });

    it('refuses a planted folder link on the way to the file', async () => {
      const { base, shared } = await sharedStickyFolder();
      const elsewhere = path.join(base, 'elsewhere');
      await mkdir(elsewhere);
      await plant(elsewhere, path.join(shared, 'reports'));
      await expect(writeFileAtomic(path.join(shared, 'reports', 'r.html'), '<html>')).rejects.toThrow(
        ForeignLinkError,
      );
      expect(await readdir(elsewhere)).toEqual([]);
    });

    it('the tap saves neither its transcript nor its findings through planted links', async () => {
      const { base, shared, victim } = await sharedStickyFolder();
      await plant(victim, path.join(shared, 'session.jsonl'));
      const outcome = createTapSession({ maxMessageBytes: 1024 }).finish();
      await expect(writeTapOutcome(outcome, path.join(shared, 'session.jsonl'))).rejects.toThrow(
        ForeignLinkError,
      );
      expect(await readFile(victim, 'utf8')).toBe('precious\n');
      const dangling = path.join(base, 'findings-target');
      await plant(dangling, path.join(shared, 'other.findings.json'));
      await expect(writeTapOutcome(outcome, path.join(shared, 'other.jsonl'))).rejects.toThrow(
        ForeignLinkError,
      );
      await expect(lstat(dangling)).rejects.toThrow(/ENOENT/);
    });

    it('still writes through a link of its own in the same sticky folder', async () => {
      const { shared, victim } = await sharedStickyFolder();
      await symlink(victim, path.join(shared, 'mine.txt'));
      await writeFileAtomic(path.join(shared, 'mine.txt'), 'new\n');
      expect(await readFile(victim, 'utf8')).toBe('new\n');
    });
  },
);
