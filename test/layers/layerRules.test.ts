import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

const load = createRequire(import.meta.url);
const { forbidden } = load('../../.dependency-cruiser.cjs') as { forbidden: unknown[] };

let root: string | undefined;

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** Cruises a made-up tree of files (path -> source) with the project's own import rules. */
async function violationsIn(files: Record<string, string>): Promise<string[]> {
  root = mkdtempSync(join(tmpdir(), 'layers-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), source);
  }
  const previous = process.cwd();
  process.chdir(root);
  try {
    const { output } = await cruise(['src'], {
      validate: true,
      ruleSet: { forbidden } as never,
      tsPreCompilationDeps: true,
    });
    const result = output as ICruiseResult;
    return [...new Set(result.summary.violations.map((violation) => violation.rule.name))].sort();
  } finally {
    process.chdir(previous);
  }
}

describe('the import rules (npm run lint)', () => {
  it('let a layer import the layers below it', async () => {
    expect(
      await violationsIn({
        'src/main/system/a.ts': 'export const a = 1;',
        'src/main/engine/core/b.ts': "import { a } from '../../system/a';\nexport const b = a;",
        'src/main/faces/cli/c.ts': "import { b } from '../../engine/core/b';\nexport const c = b;",
      }),
    ).toEqual([]);
  });

  it('refuse an import up a layer', async () => {
    expect(
      await violationsIn({
        'src/main/services/runs/a.ts': 'export const a = 1;',
        'src/main/engine/core/b.ts': "import { a } from '../../services/runs/a';\nexport const b = a;",
      }),
    ).toEqual(['main-engine-imports-only-below']);
  });

  it('refuse two folders of one layer that import each other', async () => {
    expect(
      await violationsIn({
        'src/main/services/runs/a.ts': "import { b } from '../debug/b';\nexport const a = () => b;",
        'src/main/services/debug/b.ts': "import { a } from '../runs/a';\nexport const b = () => a;",
      }),
    ).toEqual(['no-folder-loops']);
  });

  it('refuse a loop round three folders deep in a tree', async () => {
    expect(
      await violationsIn({
        'src/renderer/features/x/a.ts': "import { b } from '../y/b';\nexport const a = () => b;",
        'src/renderer/features/y/b.ts': "import { c } from '../z/c';\nexport const b = () => c;",
        'src/renderer/features/z/c.ts': "import { a } from '../x/a';\nexport const c = () => a;",
      }),
    ).toContain('no-folder-loops');
  });

  it('keep the separate programs and src/shared apart from the rest', async () => {
    expect(
      await violationsIn({
        'src/main/programs/conformanceKit/a.ts': 'export const a = 1;',
        'src/main/programs/tpmjsExecutor/b.ts':
          "import { a } from '../conformanceKit/a';\nexport const b = a;",
        'src/main/engine/core/c.ts': 'export const c = 1;',
        'src/shared/d.ts': "import { c } from '../main/engine/core/c';\nexport const d = c;",
        'src/runner/e.ts': "import { c } from '../main/engine/core/c';\nexport const e = c;",
      }),
    ).toEqual([
      'main-programs-stand-apart',
      'main-tpmjs-executor-stands-alone',
      'runner-imports-only-shared',
      'shared-is-pure',
    ]);
  });
});
