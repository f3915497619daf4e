import { validRange } from 'semver';

/** npm's dist-tags: URL-safe, and starting with a letter so they never read as a version or an option. */
const DIST_TAG = /^[A-Za-z][A-Za-z0-9._-]{0,63}$/;
/** The characters npm version ranges are written with ('|' only as '||', checked below). */
const RANGE_CHARACTERS = /^[0-9A-Za-z.+^~<>=*| -]{1,100}$/;

/**
 * Whether `version` is a dist-tag, an exact version or an npm version range: nothing else, so a URL,
 * path, git spec, option or lone shell operator (`|`, `>>`, `<&`) never reaches npm.
 */
export function isVersionSpec(version: string): boolean {
  if (DIST_TAG.test(version) && validRange(version) === null) return true;
  if (!RANGE_CHARACTERS.test(version) || /^\s*-/.test(version)) return false;
  if (/(?:^|[^|])\|(?:[^|]|$)|\|\|\|/.test(version)) return false;
  return validRange(version) !== null;
}
