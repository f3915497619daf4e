import { join } from 'node:path';
import { expect, runProgram, SCREENSHOTS, setProgram, test, TEST_WORKSPACE } from './playgroundFixture';

test('"Ask before running" stays open while ticking tools, and has "all tools"', async ({
  page,
  playground: _,
}) => {
  await page.getByRole('tab', { name: 'Providers' }).click();
  const provider = page.getByTestId('provider').filter({ hasText: 'demo' });
  await provider.getByText('Ask before running').click();
  // The boxes show the workspace's state: each click is saved by the host, then shown.
  await provider.getByRole('checkbox', { name: 'echo' }).click();
  await expect(provider.getByText('Ask before running (1)')).toBeVisible();
  await expect(provider.getByRole('checkbox', { name: 'fail' })).toBeVisible();
  await provider.getByRole('checkbox', { name: 'fail' }).click();
  await expect(provider.getByText('Ask before running (2)')).toBeVisible();
  await expect(provider.getByRole('checkbox', { name: 'all tools' })).toBeChecked();
  await provider.getByRole('checkbox', { name: 'all tools' }).click();
  await expect(provider.getByText('Ask before running', { exact: true })).toBeVisible();
  await expect(provider.getByRole('checkbox', { name: 'echo' })).not.toBeChecked();
});

test('the tab for executors and runners says so, Cancel is no checkbox, the timeline reads in the dark theme', async ({
  page,
  playground: _,
}) => {
  await expect(page.getByRole('tab', { name: 'Executors & runners' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true }).locator('.icon')).toHaveAttribute(
    'data-icon',
    'circle-slash',
  );
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await setProgram(page, "await demo.echo({ text: 'a' }); await demo.echo({ text: 'b' }); 1");
  await runProgram(page);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.screenshot({ path: join(SCREENSHOTS, 'timeline-dark.png') });
});

const TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "server.py", line 3, in <module>',
  '    import missing_module',
  "ModuleNotFoundError: No module named 'missing_module'",
].join('\n');
const DESCRIPTION = `Looks an order up by its number and answers with its lines, its state and where it is. ${'It says so in whole words, line after line, until the description is longer than three lines of the side pane. '.repeat(3)}`;

test.describe('a server that fails to start, and a tool described with leading whitespace', () => {
  test.use({
    workspaceDocument: {
      ...TEST_WORKSPACE,
      providers: [
        {
          ...TEST_WORKSPACE.providers[0],
          tools: {
            ...TEST_WORKSPACE.providers[0]!.tools,
            lookup: {
              description: `\n\n      ${DESCRIPTION}`,
              inputSchema: { type: 'object' },
              response: { mode: 'fixed', result: {} },
            },
          },
        },
        {
          id: 'broken',
          name: 'broken',
          kind: 'mcp',
          // A server that dies at start with a traceback on stderr, like a Python server missing a module.
          transport: {
            type: 'stdio',
            command: process.execPath,
            args: ['-e', `process.stderr.write(${JSON.stringify(TRACEBACK + '\n')}); process.exit(1)`],
          },
        },
      ],
    },
  });

  test("the failing server's traceback keeps its lines; the description starts at its first word, cut at whole lines", async ({
    page,
    playground: _,
  }) => {
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await page.getByRole('tab', { name: 'Providers' }).click();
    const error = page.getByTestId('provider').filter({ hasText: 'broken' }).locator('.provider-error');
    await expect(error).toContainText('ModuleNotFoundError', { timeout: 30_000 });
    // Shown as written (innerText is the text as drawn): each line of the traceback on a line of its own.
    const shown = await error.innerText();
    expect(shown).toContain(TRACEBACK);

    const demo = page.getByTestId('provider').filter({ hasText: 'demo' });
    await demo.getByRole('button', { name: 'tools' }).click();
    const description = demo
      .getByTestId('tool-item')
      .filter({ hasText: 'lookup' })
      .locator('.tool-description');
    expect(await description.innerText()).toMatch(/^Looks an order up/);
    // Three lines at most, the whole text a hover away.
    await expect(description).toHaveAttribute('title', DESCRIPTION.trim());
    const lines = await description.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(el);
      // The lines drawn inside the box: the text's line boxes whose bottom is within it.
      const rects = range.getClientRects();
      const tops = new Set<number>();
      for (let i = 0; i < rects.length; i++) {
        if (rects[i]!.bottom <= box.bottom + 1) tops.add(Math.round(rects[i]!.top));
      }
      return { shown: tops.size, clamped: el.scrollHeight > el.clientHeight };
    });
    expect(lines).toEqual({ shown: 3, clamped: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'small-things-traceback.png') });
  });
});
