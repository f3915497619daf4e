import { describe, expect, it } from 'vitest';
import { validateProviderConfig } from '../../src/main/services/workspace/validateWorkspaceDocument';

const mcp = (extra: Record<string, unknown>) => ({
  id: 'ev',
  name: 'everything',
  kind: 'mcp',
  transport: { type: 'stdio', command: 'node' },
  ...extra,
});

describe("an MCP provider's maximum total and log level in the workspace file", () => {
  it('accepts a whole number of milliseconds and an MCP log level', () => {
    expect(validateProviderConfig(mcp({ maxTotalTimeoutMs: 600_000, logLevel: 'notice' }))).toEqual([]);
  });

  it('rejects anything else, naming the field', () => {
    for (const [bad, field] of [
      [{ maxTotalTimeoutMs: 0 }, 'maxTotalTimeoutMs'],
      [{ maxTotalTimeoutMs: 1.5 }, 'maxTotalTimeoutMs'],
      [{ maxTotalTimeoutMs: '60000' }, 'maxTotalTimeoutMs'],
      [{ maxTotalTimeoutMs: 3_600_001 }, 'maxTotalTimeoutMs'],
      [{ logLevel: 'verbose' }, 'logLevel'],
      [{ logLevel: 3 }, 'logLevel'],
    ] as const) {
      const problems = validateProviderConfig(mcp(bad));
      expect(problems.join('\n')).toContain(field);
    }
  });
});
