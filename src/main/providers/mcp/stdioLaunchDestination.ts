/**
 * Where a secret given to a stdio MCP server goes: the whole launch, not just its command line. The
 * same command in another folder, or with other variables beside the secret, may be another program
 * (`./start` in another folder; `NODE_OPTIONS` or `PATH` pointing elsewhere), so each is its own
 * destination. Variables appear as written, so a secret shows as its `${secret:NAME}` reference.
 */
export function stdioLaunchDestination(launch: {
  command: string;
  args: readonly string[];
  /** The resolved working folder. */
  cwd: string;
  env: Readonly<Record<string, string>> | undefined;
}): string {
  const env = Object.fromEntries(
    Object.entries(launch.env ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const command = JSON.stringify([launch.command, ...launch.args]);
  const variables = Object.keys(env).length > 0 ? ` with env ${JSON.stringify(env)}` : '';
  return `MCP server command ${command} in ${JSON.stringify(launch.cwd)}${variables}`;
}
