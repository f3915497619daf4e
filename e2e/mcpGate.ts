import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The gated MCP fixture server: its tools/list waits for the gate (see mcpGate). */
export const GATED_SERVER = fileURLToPath(new URL('../test/fixtures/mcp/gatedServer.mjs', import.meta.url));

/**
 * A gate on 127.0.0.1 that the gated fixture servers ask before answering tools/list: the test
 * decides when each server's tool list is answered, so the order of events is its own, not the
 * machine's.
 */
export async function startMcpGate() {
  const held = new Map<string, ServerResponse[]>();
  const open = new Set<string>();
  const asked = new Map<string, number>();
  const server = createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('name') ?? '';
    asked.set(name, (asked.get(name) ?? 0) + 1);
    if (open.has(name)) res.end('go');
    else held.set(name, [...(held.get(name) ?? []), res]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** How many tools/list requests of `name` came so far (answered or not). */
    asked: (name: string) => asked.get(name) ?? 0,
    /** How many of them wait now. */
    waiting: (name: string) => held.get(name)?.length ?? 0,
    /** Answers what waits and lets later requests of `name` through. */
    release(name: string) {
      open.add(name);
      for (const res of held.get(name)?.splice(0) ?? []) res.end('go');
    },
    /** Later requests of `name` wait again. */
    hold(name: string) {
      open.delete(name);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const list of held.values()) for (const res of list.splice(0)) res.end('closing');
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A workspace provider backed by the gated fixture server, named (and namespaced) `name`. */
export function gatedProvider(gateUrl: string, name: string) {
  return {
    id: name,
    name,
    kind: 'mcp',
    transport: { type: 'stdio', command: process.execPath, args: [GATED_SERVER, gateUrl, name] },
  };
}
