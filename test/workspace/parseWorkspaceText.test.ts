import { describe, expect, it } from 'vitest';
import { createDemoWorkspace } from '../../src/main/services/workspace/demoWorkspace';
import { parseWorkspaceText } from '../../src/main/services/workspace/parseWorkspaceText';
import { WorkspaceFileError } from '../../src/main/services/workspace/WorkspaceFileError';

function problemsOf(text: string) {
  try {
    parseWorkspaceText(text, '/ws/w.execbox.json');
  } catch (error) {
    expect(error).toBeInstanceOf(WorkspaceFileError);
    return (error as WorkspaceFileError).problems;
  }
  throw new Error('expected the text to be refused');
}

const minimal = { formatVersion: 1, name: 'w', providers: [], snippets: [] };

describe('parseWorkspaceText', () => {
  it('accepts the demo workspace and a minimal one', () => {
    const demo = createDemoWorkspace();
    expect(parseWorkspaceText(JSON.stringify(demo, null, 2), 'demo.execbox.json')).toEqual(demo);
    expect(parseWorkspaceText(JSON.stringify(minimal), 'w.execbox.json')).toEqual(minimal);
  });

  it('locates a JSON syntax error by line and column', () => {
    const [problem] = problemsOf('{\n  "formatVersion": 1,\n  "name": ,\n}');
    expect(problem).toMatchObject({
      line: 3,
      column: 11,
      message: expect.stringContaining('JSON syntax error'),
    });
  });

  it('refuses comments and trailing commas (strict JSON)', () => {
    expect(problemsOf('{"formatVersion": 1, // no\n "name": "w"}')[0]?.line).toBe(1);
    expect(problemsOf('{"formatVersion": 1,}')[0]?.message).toMatch(/syntax/);
  });

  it('reports schema problems with a JSON path and the position of the offending value', () => {
    const text = JSON.stringify(
      {
        ...minimal,
        providers: [{ id: 'p', name: 'gh', kind: 'mcp', transport: { type: 'stdio', args: [1] } }],
      },
      null,
      2,
    );
    const problems = problemsOf(text);
    expect(problems).toContainEqual(
      expect.objectContaining({
        jsonPath: '$.providers[0].transport',
        message: "is missing the required property 'command'",
      }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({ jsonPath: '$.providers[0].transport.args[0]', line: 12, column: 11 }),
    );
  });

  it('names the allowed values of an unknown kind or mode', () => {
    const problems = problemsOf(
      JSON.stringify({ ...minimal, providers: [{ id: 'p', name: 'x', kind: 'ftp' }] }),
    );
    expect(problems[0]).toMatchObject({
      jsonPath: '$.providers[0]',
      message: expect.stringContaining('"mock", "mcp", "tpmjs", "module"'),
    });
  });

  it('refuses names that are not identifiers, literal API keys and unknown fields', () => {
    const problems = problemsOf(
      JSON.stringify({
        ...minimal,
        extra: true,
        providers: [
          { id: 'a', name: 'my-tools', kind: 'mock', tools: {} },
          {
            id: 'b',
            name: 'tp',
            kind: 'tpmjs',
            baseUrl: 'http://127.0.0.1:1',
            apiKey: 'sk-live-123',
            tools: [],
          },
        ],
      }),
    );
    const paths = problems.map((p) => p.jsonPath);
    expect(paths).toEqual(
      expect.arrayContaining(['$.extra', '$.providers[0].name', '$.providers[1].apiKey']),
    );
  });

  it('refuses duplicate ids and names, and an active snippet that does not exist', () => {
    const problems = problemsOf(
      JSON.stringify({
        ...minimal,
        providers: [
          { id: 'a', name: 'one', kind: 'mock', tools: {} },
          { id: 'a', name: 'one', kind: 'mock', tools: {} },
        ],
        snippets: [{ id: 's', name: 'n', code: '' }],
        activeSnippetId: 'gone',
      }),
    );
    expect(problems.map((p) => p.jsonPath)).toEqual([
      '$.providers[1].id',
      '$.providers[1].name',
      '$.activeSnippetId',
    ]);
    expect(problems[0]?.message).toContain('$.providers[0].id');
  });

  it('refuses a rule condition without exactly one operator', () => {
    const tools = {
      t: {
        response: {
          mode: 'rules',
          rules: [{ when: [{ path: '/q', equals: 1, matches: 'x' }], then: { result: 1 } }],
        },
      },
    };
    const problems = problemsOf(
      JSON.stringify({ ...minimal, providers: [{ id: 'a', name: 'm', kind: 'mock', tools }] }),
    );
    expect(problems[0]?.message).toMatch(/exactly one of/);
  });

  it('refuses another format version with one clear message', () => {
    const problems = problemsOf(JSON.stringify({ ...minimal, formatVersion: 2, whatever: 1 }));
    expect(problems).toEqual([
      { jsonPath: '$.formatVersion', message: 'format version 2; this build reads version 1' },
    ]);
  });

  it('puts file, line, column and path in the error message', () => {
    expect(() =>
      parseWorkspaceText(
        '{"formatVersion": 1, "name": 5, "providers": [], "snippets": []}',
        '/ws/w.execbox.json',
      ),
    ).toThrow('/ws/w.execbox.json:1:30: $.name: must be string');
  });
});
