import { describe, expect, it } from 'vitest';
import { CLIENT_TIMEOUT_META_KEY, clientTimeoutMs } from '../../src/main/faces/mcp/clientTimeoutMs';
import { runName } from '../../src/main/services/runs/runName';

describe('what an agent says about how long it waits', () => {
  it('takes a whole number of milliseconds up to a day, and nothing else', () => {
    expect(clientTimeoutMs({ [CLIENT_TIMEOUT_META_KEY]: 60_000 })).toBe(60_000);
    for (const value of [0, -1, 1.5, '60000', null, Number.NaN, Infinity, 86_400_001, { ms: 1 }])
      expect(clientTimeoutMs({ [CLIENT_TIMEOUT_META_KEY]: value })).toBeUndefined();
    expect(clientTimeoutMs(undefined)).toBeUndefined();
    expect(clientTimeoutMs({ timeoutMs: 5 })).toBeUndefined();
  });
});

describe('what a run is listed by', () => {
  const names = (id: string) => (id === 's1' ? 'First steps' : undefined);
  it('a snippet’s name, a tap’s name, else the first line of the code, cut short', () => {
    expect(runName({ code: 'x', snippetId: 's1' }, names)).toBe('First steps');
    expect(runName({ code: '\n  return 1;\n', snippetId: 'gone' }, names)).toBe('return 1;');
    expect(runName({ code: '', origin: { kind: 'tap', clientName: 'py' } })).toBe('py');
    expect(runName({ code: '  \n' })).toBeUndefined();
    const long = runName({ code: 'x'.repeat(200) });
    expect(long).toHaveLength(60);
    expect(long?.endsWith('…')).toBe(true);
  });
});
