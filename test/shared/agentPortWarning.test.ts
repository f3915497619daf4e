import { describe, expect, it } from 'vitest';
import { agentPortWarning } from '../../src/shared/agentPortWarning';

const endpoint = {
  url: 'http://127.0.0.1:40123/mcp',
  token: 't'.repeat(32),
  bridge: { command: 'node', args: [], env: {} },
};

describe('the Agents panel warns when the endpoint moved', () => {
  it('names the kept port and the one in use', () => {
    expect(agentPortWarning({ ...endpoint, expectedPort: 5178 })).toMatch(
      /^Port 5178 was taken .* on port 40123 .* pasted earlier name port 5178/,
    );
  });
  it('says nothing when the endpoint is on its kept port', () => {
    expect(agentPortWarning(endpoint)).toBeUndefined();
  });
});
