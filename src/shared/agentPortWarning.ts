import type { AgentEndpoint } from './api/runs';

/** What the Agents panel warns when the endpoint is not on its kept port, or undefined when it is. */
export function agentPortWarning(endpoint: AgentEndpoint): string | undefined {
  if (endpoint.expectedPort === undefined) return undefined;
  const port = new URL(endpoint.url).port;
  return (
    `Port ${endpoint.expectedPort} was taken when the app started, so agents connect on port ${port} ` +
    `for now: configurations pasted earlier name port ${endpoint.expectedPort} and do not reach this app. ` +
    `Free that port and restart, or paste the configuration below again.`
  );
}
