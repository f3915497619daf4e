/** Parses `HOST:PORT`, `[IPv6]:PORT` or a bare `PORT` (host then defaults to loopback). */
export function parseHostPort(value: string, defaultHost = '127.0.0.1'): { host: string; port: number } {
  const match = /^(?:(\[[^\]]+\]|[^:]+):)?(\d{1,5})$/.exec(value.trim());
  const port = Number(match?.[2]);
  if (!match || port > 65535) {
    throw new Error(`'${value}' is not HOST:PORT (for example 127.0.0.1:8787, or a port number alone)`);
  }
  const host = match[1]?.replace(/^\[|\]$/g, '') ?? defaultHost;
  return { host, port };
}
