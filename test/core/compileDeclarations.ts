import ts from 'typescript';

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  lib: ['lib.es2022.d.ts'],
  types: [],
  skipLibCheck: true,
};

const libCache = new Map<string, ts.SourceFile | undefined>();

/**
 * Type-checks `declarations` (a global script, as the editor loads it) with one module per usage
 * snippet, and returns each snippet's diagnostics plus the declarations' own.
 */
export function compileDeclarations(
  declarations: string,
  usages: Record<string, string>,
): { declarationErrors: string[]; usageErrors: Record<string, string[]> } {
  const files = new Map<string, string>([['/virtual/tools.d.ts', declarations]]);
  for (const [name, code] of Object.entries(usages))
    files.set(`/virtual/${name}.ts`, `${code}\nexport {};\n`);
  const host = ts.createCompilerHost(options);
  const getLibFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language) => {
    const text = files.get(fileName);
    if (text !== undefined) return ts.createSourceFile(fileName, text, language, true);
    if (!libCache.has(fileName)) libCache.set(fileName, getLibFile(fileName, language));
    return libCache.get(fileName);
  };
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (fileName) => files.get(fileName) ?? readFile(fileName);
  host.fileExists = (fileName) => files.has(fileName) || fileExists(fileName);
  const program = ts.createProgram([...files.keys()], options, host);
  const messages = (fileName: string): string[] => {
    const source = program.getSourceFile(fileName)!;
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) =>
      ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    );
  };
  const usageErrors: Record<string, string[]> = {};
  for (const name of Object.keys(usages)) usageErrors[name] = messages(`/virtual/${name}.ts`);
  return { declarationErrors: messages('/virtual/tools.d.ts'), usageErrors };
}
