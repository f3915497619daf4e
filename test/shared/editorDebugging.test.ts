import { describe, expect, it } from 'vitest';
import { findErrorLocation } from '../../src/shared/findErrorLocation';
import { findToolCallLines } from '../../src/shared/findToolCallLines';
import { normalizeCode, CodeSyntaxError } from '../../src/shared/normalizeCode';

const TOOLS = new Map([
  ['github', new Set(['search_issues', 'get_issue'])],
  ['weather', new Set(['forecast'])],
]);

describe('findToolCallLines', () => {
  it('finds each tool call with its 1-based line and column', () => {
    const code = [
      'const issues = await github.search_issues({ q: "bug" });',
      'const x = Math.max(1, 2);',
      '  const [a, b] = await Promise.all([weather.forecast({ city: "Oslo" }), github.get_issue({ n: 1 })]);',
    ].join('\n');
    expect(findToolCallLines(code, TOOLS)).toEqual([
      { line: 1, column: 22, providerName: 'github', toolName: 'search_issues' },
      { line: 3, column: 37, providerName: 'weather', toolName: 'forecast' },
      { line: 3, column: 73, providerName: 'github', toolName: 'get_issue' },
    ]);
  });

  it('skips unknown tools and comments', () => {
    const code = [
      '// await github.search_issues({})',
      '/*',
      '  weather.forecast({})',
      '*/',
      'github.delete_repo({}); other.search_issues({})',
      'await github.get_issue({}) // weather.forecast()',
    ].join('\n');
    expect(findToolCallLines(code, TOOLS)).toEqual([
      { line: 6, column: 7, providerName: 'github', toolName: 'get_issue' },
    ]);
  });
});

describe('findErrorLocation', () => {
  it('reads the 1-based line and column the runner sends beside the message', () => {
    expect(findErrorLocation({ message: 'x is undefined', line: 3 })).toEqual({ line: 3 });
    expect(findErrorLocation({ message: 'Unexpected token', line: 2, column: 7 })).toEqual({
      line: 2,
      column: 7,
    });
    expect(findErrorLocation({ message: 'no location here' })).toBeUndefined();
    expect(findErrorLocation({ message: 'bad place', line: 0 })).toBeUndefined();
    expect(findErrorLocation({ message: 'bad column', line: 2, column: 0 })).toEqual({ line: 2 });
  });

  it('reads the location older transcripts appended to the message', () => {
    expect(findErrorLocation({ message: 'TypeError: x is undefined (line 3)' })).toEqual({ line: 3 });
    expect(findErrorLocation({ message: 'SyntaxError: Unexpected token (line 2, column 7)' })).toEqual({
      line: 2,
      column: 7,
    });
    expect(findErrorLocation({ message: '(line 0)' })).toBeUndefined();
    expect(findErrorLocation({ message: '(line 3) and more text after' })).toBeUndefined();
  });

  it('agrees with the syntax errors normalizeCode raises (1-based, as the editor counts)', () => {
    let caught: unknown;
    try {
      normalizeCode('const a = 1;\nconst = 2;');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CodeSyntaxError);
    expect(findErrorLocation((caught as CodeSyntaxError).toExecuteError())).toEqual({ line: 2, column: 7 });
  });
});
