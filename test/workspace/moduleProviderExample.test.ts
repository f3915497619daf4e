import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import {
  MODULE_PROVIDER_EXAMPLE,
  MODULE_PROVIDER_EXAMPLE_FILE,
} from '../../src/shared/view/moduleProviderExample';
import { startHost, tempDir, writeWorkspace, type HostFixture } from './hostFixture';

// The example the README and the provider form point to: if its shape stops loading, this fails.
const EXAMPLE = path.resolve(__dirname, '../../examples/weather-tools.mjs');
const README = path.resolve(__dirname, '../../README.md');

/** The README's module provider section: its js block and the guest line it shows after it. */
async function readmeModuleExample(): Promise<{ module: string; guestLine: string }> {
  const readme = await readFile(README, 'utf8');
  const start = readme.indexOf('### Module providers');
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  const module = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  const guestLine = /`const \w+ = (await weather\.[^`]+)`/.exec(section)?.[1];
  if (start < 0 || !module || !guestLine) throw new Error('README.md has no module provider example');
  return { module, guestLine };
}

let fixture: HostFixture | undefined;
afterEach(async () => {
  await fixture?.host.dispose();
  fixture = undefined;
});

describe('examples/weather-tools.mjs as a module provider', { timeout: 60_000 }, () => {
  it('loads through the workspace host, types its tools and answers guest calls', async () => {
    const dir = await tempDir();
    const file = await writeWorkspace(path.join(dir, 'example.execbox.json'), {
      providers: [{ id: 'w', name: 'weather', kind: 'module', path: EXAMPLE }],
    });
    fixture = await startHost({ workspacePath: file, trustAll: true });
    const declarations = await fixture.host.providers.declarations();
    expect(declarations).toContain('get_forecast');
    expect(declarations).toContain("Today's forecast for a city.");
    expect(declarations).toContain('list_cities');
    const [status] = await fixture.host.providers.list();
    expect(status?.tools.find((t) => t.originalName === 'get_forecast')?.annotations).toEqual({
      readOnlyHint: true,
      openWorldHint: false,
    });

    const executor = createInProcessExecutor();
    try {
      const code = `
        const oslo = await weather.get_forecast({ city: 'Oslo' });
        const lisbon = await weather.get_forecast({ city: 'lisbon', units: 'fahrenheit' });
        const cities = await weather.list_cities();
        let unknown, invalid;
        try { await weather.get_forecast({ city: 'Atlantis' }); } catch (error) { unknown = error.message; }
        try { await weather.get_forecast({ town: 'Oslo' }); } catch (error) { invalid = error.code; }
        return { oslo, lisbon, cities, unknown, invalid };
      `;
      const result = await executor.execute(code, await fixture.host.resolvedProviders(), {
        timeoutMs: 30_000,
      });
      expect(result).toMatchObject({
        ok: true,
        result: {
          oslo: { city: 'Oslo', temperature: -3, units: 'celsius', sky: 'snow' },
          lisbon: { city: 'Lisbon', temperature: 62.6, units: 'fahrenheit', sky: 'sunny' },
          cities: ['Oslo', 'Lisbon'],
          unknown: expect.stringContaining('no forecast for Atlantis'),
          invalid: 'validation_error',
        },
      });
    } finally {
      await executor.dispose();
    }
  });

  it("the provider form's example loads as a module provider and answers the call it shows", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'tools.mjs'), MODULE_PROVIDER_EXAMPLE);
    const file = await writeWorkspace(path.join(dir, 'form.execbox.json'), {
      providers: [{ id: 'w', name: 'weather', kind: 'module', path: './tools.mjs' }],
    });
    fixture = await startHost({ workspacePath: file, trustAll: true });
    const guestLine = /Guest code: (.+)$/m.exec(MODULE_PROVIDER_EXAMPLE)?.[1];
    expect(guestLine).toBeDefined();
    const executor = createInProcessExecutor();
    try {
      expect(
        await executor.execute(`return ${guestLine}`, await fixture.host.resolvedProviders(), {
          timeoutMs: 30_000,
        }),
      ).toMatchObject({ ok: true, result: { city: 'Oslo', celsius: 17 } });
      // The form says a thrown error reaches the guest as a tool_error with its message.
      const failed = `try { await weather.get_forecast({ city: '' }); } catch (e) { return [e.code, e.message]; }`;
      const outcome = await executor.execute(failed, await fixture.host.resolvedProviders(), {
        timeoutMs: 30_000,
      });
      expect(outcome).toMatchObject({
        ok: true,
        result: ['tool_error', expect.stringContaining('which city?')],
      });
    } finally {
      await executor.dispose();
    }
  });

  it("README's module example loads and answers the guest line the README shows; the file it names exists", async () => {
    const { module, guestLine } = await readmeModuleExample();
    const dir = await tempDir();
    await writeFile(path.join(dir, 'tools.mjs'), module);
    const file = await writeWorkspace(path.join(dir, 'readme.execbox.json'), {
      providers: [{ id: 'w', name: 'weather', kind: 'module', path: './tools.mjs' }],
    });
    fixture = await startHost({ workspacePath: file, trustAll: true });
    const executor = createInProcessExecutor();
    try {
      expect(
        await executor.execute(`return ${guestLine}`, await fixture.host.resolvedProviders(), {
          timeoutMs: 30_000,
        }),
      ).toMatchObject({ ok: true, result: { city: 'Oslo' } });
    } finally {
      await executor.dispose();
    }
    expect(path.resolve(__dirname, '../..', MODULE_PROVIDER_EXAMPLE_FILE)).toBe(EXAMPLE);
    expect(await readFile(README, 'utf8')).toContain(`(${MODULE_PROVIDER_EXAMPLE_FILE})`);
  });
});
