import { describe, expect, it } from 'vitest';
import { assignSafeToolNames } from '../../src/main/engine/core/assignSafeToolNames';
import { sanitizeToolName } from '../../src/main/engine/core/sanitizeToolName';
import { RESERVED_WORDS } from '../../src/shared/protocol/identifiers';

/** Proves a name works as a binding and as a property in real JavaScript. */
function usable(name: string): boolean {
  try {
    return (
      new Function(
        `"use strict"; const ${name} = 1; const o = { ${name}: 2 }; return o.${name} + ${name};`,
      )() === 3
    );
  } catch {
    return false;
  }
}

describe('sanitizeToolName', () => {
  it('makes every reserved word usable', () => {
    for (const word of [
      'let',
      'yield',
      'await',
      'static',
      'enum',
      'implements',
      'package',
      'interface',
      'private',
      'class',
      'eval',
      'arguments',
      'null',
    ]) {
      const safe = sanitizeToolName(word);
      expect(safe).toBe(`${word}_`);
      expect(usable(safe), safe).toBe(true);
    }
    for (const word of RESERVED_WORDS) expect(usable(sanitizeToolName(word)), word).toBe(true);
  });

  it('keeps contextual keywords that are valid names', () => {
    for (const name of ['get', 'set', 'async', 'of', 'from', 'as', 'type', 'constructor']) {
      expect(sanitizeToolName(name)).toBe(name);
      expect(usable(name), name).toBe(true);
    }
  });

  it('handles punctuation, leading digits, empty names and __proto__', () => {
    expect(sanitizeToolName('scrape-url')).toBe('scrape_url');
    expect(sanitizeToolName('repo.list/all')).toBe('repo_list_all');
    expect(sanitizeToolName('2fa')).toBe('_2fa');
    expect(sanitizeToolName('')).toBe('_');
    expect(sanitizeToolName('🚀 launch')).toBe('__launch');
    expect(sanitizeToolName('__proto__')).toBe('__proto___');
    for (const name of ['scrape-url', '2fa', '', '🚀 launch', 'a b', '$x', '__proto__']) {
      expect(usable(sanitizeToolName(name)), name).toBe(true);
    }
  });

  it('keeps Unicode letters and digits JavaScript allows', () => {
    expect(sanitizeToolName('café')).toBe('café');
    expect(sanitizeToolName('検索')).toBe('検索');
    expect(sanitizeToolName('données-utilisateur')).toBe('données_utilisateur');
    expect(sanitizeToolName('x١٢')).toBe('x١٢');
    expect(sanitizeToolName('١x')).toBe('_١x');
    for (const name of ['café', '検索', 'x١٢', '١x']) expect(usable(sanitizeToolName(name)), name).toBe(true);
  });
});

describe('assignSafeToolNames', () => {
  it('suffixes collisions with __2, __3 and keeps both maps', () => {
    const maps = assignSafeToolNames(['get-user', 'get.user', 'get user', 'list']);
    expect(maps.originalToSafeName).toEqual({
      'get-user': 'get_user',
      'get.user': 'get_user__2',
      'get user': 'get_user__3',
      list: 'list',
    });
    expect(maps.safeToOriginalName).toEqual({
      get_user: 'get-user',
      get_user__2: 'get.user',
      get_user__3: 'get user',
      list: 'list',
    });
  });

  it('lets an already-safe name keep itself, whatever the order', () => {
    const forward = assignSafeToolNames(['a-b', 'a_b']).originalToSafeName;
    const backward = assignSafeToolNames(['a_b', 'a-b']).originalToSafeName;
    expect(forward).toEqual({ 'a-b': 'a_b__2', a_b: 'a_b' });
    expect(backward).toEqual(forward);
  });

  it('skips suffixes that are already taken', () => {
    const maps = assignSafeToolNames(['x-y', 'x_y', 'x_y__2']);
    expect(maps.originalToSafeName).toEqual({ x_y: 'x_y', x_y__2: 'x_y__2', 'x-y': 'x_y__3' });
  });

  it('is deterministic', () => {
    const names = ['b-c', 'let', 'a!', 'a?', '1', '_1'];
    expect(assignSafeToolNames(names)).toEqual(assignSafeToolNames([...names]));
  });
});
