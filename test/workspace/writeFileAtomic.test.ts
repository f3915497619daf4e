import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/main/system/writeFileAtomic';

describe('writeFileAtomic', () => {
  it('replaces the content whole and leaves no temp file behind', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'execbox-atomic-'));
    const file = path.join(dir, 'w.execbox.json');
    await writeFile(file, 'old');
    await Promise.all(Array.from({ length: 10 }, (_, i) => writeFileAtomic(file, `version ${i}`)));
    expect(await readFile(file, 'utf8')).toMatch(/^version \d$/);
    expect(await readdir(dir)).toEqual(['w.execbox.json']);
  });

  it('fails without touching the target when the folder does not exist', async () => {
    await expect(writeFileAtomic('/nonexistent-execbox-dir/w.json', 'x')).rejects.toThrow(/ENOENT/);
  });
});
