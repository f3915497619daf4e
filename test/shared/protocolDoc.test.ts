import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_CASES } from '../../src/main/programs/conformanceKit/conformanceCases';
import { PROTOCOL_DOC, PROTOCOL_SECTIONS } from '../../src/shared/protocol/protocolSections';

const read = (file: string) => readFile(new URL(`../../${file}`, import.meta.url), 'utf8');

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe('docs/protocol.md', () => {
  it('has a heading for every section the kit and the host name', async () => {
    const anchors = new Set(
      (await read(PROTOCOL_DOC)).split('\n').flatMap((line) => {
        const heading = /^#{2,3} (.+)$/.exec(line);
        return heading ? [anchorOf(heading[1]!)] : [];
      }),
    );
    for (const section of Object.values(PROTOCOL_SECTIONS)) expect(anchors, section).toContain(section);
    for (const c of CONFORMANCE_CASES) {
      expect(c.section, c.id).toMatch(/^docs\/protocol\.md#/);
      expect(anchors, c.id).toContain(c.section.slice(`${PROTOCOL_DOC}#`.length));
    }
  });

  it('the README and the architecture page send readers to it, and to nothing outside the repository', async () => {
    for (const file of ['README.md', 'docs/architecture.md', PROTOCOL_DOC]) {
      const text = await read(file);
      expect(text, file).not.toMatch(/\.\.\/shared|steering repo|specs\//);
    }
    expect(await read('README.md')).toContain('](docs/protocol.md)');
  });
});
