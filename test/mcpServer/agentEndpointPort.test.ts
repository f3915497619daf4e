import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgentEndpoint } from '../../src/main/faces/mcp/startAgentEndpoint';
import { openTestHost } from './mcpFixture';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function occupy(port = 0): Promise<{ port: number; free(): Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    free: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the agents' endpoint keeps its port", { timeout: 60_000 }, () => {
  it('a port asked for is kept for the next starts; when it is taken, the endpoint says which port configs expect', async () => {
    const { host, workspace } = await openTestHost();
    cleanup.push(() => host.dispose());
    const probe = await occupy();
    await probe.free();
    const asked = await startAgentEndpoint({ host, configDir: workspace.configDir, port: probe.port });
    expect(asked.port).toBe(probe.port);
    await asked.close();

    const again = await startAgentEndpoint({ host, configDir: workspace.configDir });
    expect(again.port).toBe(probe.port);
    expect((await host.services.runs.agentEndpoint())?.expectedPort).toBeUndefined();
    await again.close();

    const squatter = await occupy(probe.port);
    cleanup.push(() => squatter.free());
    const moved = await startAgentEndpoint({ host, configDir: workspace.configDir });
    cleanup.push(() => moved.close());
    expect(moved.port).not.toBe(probe.port);
    expect(await host.services.runs.agentEndpoint()).toMatchObject({
      url: moved.url,
      expectedPort: probe.port,
    });
  });
});
