/** Where a secret in an HTTP or SSE MCP server's headers goes: that server's URL as written. */
export function httpMcpDestination(url: string): string {
  return `MCP server at ${url}`;
}
