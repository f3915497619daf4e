import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import {
  GUEST_COMPILER_OPTIONS,
  GUEST_GLOBALS,
  IGNORED_DIAGNOSTICS,
} from '../../src/shared/editor/guestTypeEnvironment';
import { createDemoWorkspace } from '../../src/main/services/workspace/demoWorkspace';
import { startHost, type HostFixture } from './hostFixture';

/** Type-checks each snippet as the editor does: a TypeScript module against the guest globals. */
function editorProblems(declarations: string, snippets: Record<string, string>): Record<string, string[]> {
  const options: ts.CompilerOptions = {
    ...GUEST_COMPILER_OPTIONS,
    lib: GUEST_COMPILER_OPTIONS.lib.map((lib) => `lib.${lib}.d.ts`),
    types: [],
  };
  const files = new Map<string, string>([
    ['/virtual/guest-globals.d.ts', GUEST_GLOBALS],
    ['/virtual/providers.d.ts', declarations],
  ]);
  for (const [name, code] of Object.entries(snippets)) files.set(`/virtual/${name}.ts`, code);
  const host = ts.createCompilerHost(options);
  const readLib = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language) => {
    const text = files.get(fileName);
    return text === undefined
      ? readLib(fileName, language)
      : ts.createSourceFile(fileName, text, language, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => files.has(fileName) || fileExists(fileName);
  const program = ts.createProgram([...files.keys()], options, host);
  const problems: Record<string, string[]> = {};
  for (const name of Object.keys(snippets)) {
    const source = program.getSourceFile(`/virtual/${name}.ts`)!;
    problems[name] = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
      .filter((d) => !IGNORED_DIAGNOSTICS.includes(d.code))
      .map((d) => {
        const { line, character } = source.getLineAndCharacterOfPosition(d.start ?? 0);
        return `${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
      });
  }
  return problems;
}

let fixture: HostFixture | undefined;
afterEach(async () => {
  await fixture?.host.dispose();
  fixture = undefined;
});

describe('the demo workspace', () => {
  it('opens with no type error in any snippet', async () => {
    fixture = await startHost();
    await fixture.host.resolvedProviders();
    const declarations = await fixture.host.providers.declarations();
    const snippets = Object.fromEntries(createDemoWorkspace().snippets.map((s) => [s.id, s.code]));
    const problems = editorProblems(declarations, snippets);
    expect(Object.keys(problems).length).toBeGreaterThanOrEqual(5);
    for (const [id, list] of Object.entries(problems)) expect({ id, list }).toEqual({ id, list: [] });
  });

  it('catches a snippet that breaks the typings (the check can fail)', async () => {
    fixture = await startHost();
    const declarations = await fixture.host.providers.declarations();
    const problems = editorProblems(declarations, {
      wrongCity: "const cities = ['Berlin'];\nawait weather.forecast({ city: cities[0], days: 2 });",
    });
    expect(problems.wrongCity!.join('\n')).toMatch(/not assignable/);
  });

  it('keeps every line narrow enough to read without scrolling sideways', () => {
    const wide = createDemoWorkspace().snippets.flatMap((snippet) =>
      snippet.code
        .split('\n')
        .filter((line) => line.length > 60)
        .map((line) => `${snippet.name}: ${line}`),
    );
    expect(wide).toEqual([]);
  });
});
