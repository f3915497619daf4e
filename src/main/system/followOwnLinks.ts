import { lstat, readlink } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';

const MAX_LINK_HOPS = 40;

/** A link on the way to a file that someone else may have planted: the write is refused. */
export class ForeignLinkError extends Error {
  constructor(
    readonly file: string,
    readonly link: string,
    readonly linkOwner: number,
  ) {
    super(
      `refusing to write ${file}: ${link} is a link owned by another user (uid ${linkOwner}), who could point it at any file of yours; remove it or give another path`,
    );
  }
}

/**
 * Whether a link may be followed: the rule Linux's `fs.protected_symlinks` applies in sticky folders,
 * applied everywhere (many systems leave it off): a link of this user, or of the folder's owner.
 */
export function mayFollowLink(link: Pick<Stats, 'uid'>, folder: Pick<Stats, 'uid'>, uid: number): boolean {
  return link.uid === uid || link.uid === folder.uid;
}

/**
 * The file a path names, following each link on the way (in the folders too, and a link to a file
 * not created yet) only when `mayFollowLink` allows it; otherwise a `ForeignLinkError`.
 */
export async function followOwnLinks(file: string, uid = process.getuid?.()): Promise<string> {
  const pending = path.resolve(file).split(path.sep).filter(Boolean).reverse();
  let current = path.parse(path.resolve(file)).root;
  let hops = 0;
  while (pending.length > 0) {
    const next = path.join(current, pending.pop()!);
    const info = await lstat(next).catch(() => undefined);
    if (!info?.isSymbolicLink()) {
      current = next;
      // Past a missing folder nothing can be a link: the write fails there as it would have.
      if (!info) return path.join(current, ...pending.reverse());
      continue;
    }
    if (++hops > MAX_LINK_HOPS)
      throw new Error(`${file}: too many levels of links (more than ${MAX_LINK_HOPS})`);
    if (uid !== undefined && !mayFollowLink(info, await lstat(current), uid))
      throw new ForeignLinkError(file, next, info.uid);
    const target = await readlink(next);
    if (path.isAbsolute(target)) current = path.parse(target).root;
    pending.push(...target.split(path.sep).filter(Boolean).reverse());
  }
  return current;
}
