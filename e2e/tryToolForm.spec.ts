import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, SCREENSHOTS, test, TEST_WORKSPACE } from './playgroundFixture';

const LONG_NAME = 'customerReferenceIdentifierAsPrintedOnTheOriginalInvoice';
const LONG_WORD = 'https://example.invalid/a/very/long/address/without/any/space/in/it/at/all/to/wrap/on';

/** Objects inside arrays inside objects, long names, enums, oneOf and anyOf, long descriptions. */
const NESTED_SCHEMA = {
  type: 'object',
  properties: {
    [LONG_NAME]: {
      type: 'string',
      description: `Where the reference is printed. A description long enough to need several lines in a narrow pane: ${LONG_WORD}`,
    },
    orders: {
      type: 'array',
      description: 'Every order to ship, each with its lines.',
      items: {
        type: 'object',
        properties: {
          shipping: {
            type: 'object',
            properties: {
              speed: {
                enum: ['standard', 'express', 'overnight-by-a-courier-who-waits-for-a-signature-at-the-door'],
              },
              destination: {
                anyOf: [
                  { type: 'string', title: 'one line' },
                  {
                    type: 'object',
                    title: 'an address in parts',
                    properties: {
                      streetAndHouseNumberOrPostOfficeBox: { type: 'string' },
                      postcode: { type: 'string' },
                    },
                  },
                ],
              },
            },
          },
          lines: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                stockKeepingUnitFromTheWarehouseCatalogue: { type: 'string' },
                quantity: { type: 'integer' },
              },
            },
          },
        },
      },
    },
    priority: {
      oneOf: [
        { type: 'integer', title: 'a level' },
        { type: 'string', title: 'a name' },
      ],
    },
    note: { type: ['string', 'null'] },
  },
  required: [LONG_NAME],
};

test.use({
  workspaceDocument: {
    ...TEST_WORKSPACE,
    providers: [
      ...TEST_WORKSPACE.providers,
      {
        id: 'depot',
        name: 'depot',
        kind: 'mock',
        tools: {
          dispatchOrdersToTheCarrier: {
            description: 'Sends orders to the carrier.',
            inputSchema: NESTED_SCHEMA,
            response: { mode: 'fixed', result: { sent: true } },
          },
        },
      },
    ],
  },
});

/** Whatever sticks out of the pane on either side: controls, labels, descriptions, the code. */
async function outside(container: Locator, pane: Locator): Promise<string[]> {
  const bounds = (await pane.boundingBox())!;
  const out: string[] = [];
  for (const part of await container
    .locator('input, select, textarea, button, label, .form-help, pre')
    .all()) {
    const box = await part.boundingBox();
    if (!box || box.width === 0) continue;
    if (box.x < bounds.x - 0.5 || box.x + box.width > bounds.x + bounds.width + 0.5) {
      out.push((await part.getAttribute('aria-label')) ?? (await part.innerText()).slice(0, 40));
    }
  }
  return out;
}

test('the try-a-tool form fits the side pane with a nested schema, and opens wide keeping what was typed', async ({
  page,
  playground: _,
}) => {
  await page.getByRole('tab', { name: 'Providers' }).click();
  const pane = page.getByRole('tabpanel').filter({ has: page.getByRole('region', { name: 'Providers' }) });
  const depot = page.getByTestId('provider').filter({ hasText: 'depot' });
  await depot.getByRole('button', { name: 'tools' }).click();
  const tool = depot.getByTestId('tool-item').filter({ hasText: 'dispatchOrdersToTheCarrier' });
  await tool.getByRole('button', { name: 'try' }).click();
  const form = tool.getByRole('group', { name: 'Try depot.dispatchOrdersToTheCarrier' });

  // Fill it to its deepest: an order, its address in parts, one line.
  await form.getByLabel(`${LONG_NAME} *`).fill('INV-7');
  await form.getByRole('button', { name: '+ add orders item' }).click();
  await form.getByLabel('speed').selectOption({ index: 3 });
  await form.getByLabel('destination: kind').selectOption('an address in parts');
  await form.getByLabel('streetAndHouseNumberOrPostOfficeBox').fill('1 High Street');
  await form.getByRole('button', { name: '+ add lines item' }).click();
  await form.getByLabel('quantity').fill('2');
  // A kind picked before anything is typed stays picked (a string has no value to tell it by).
  await form.getByLabel('priority: kind').selectOption('a name');
  await form.getByRole('textbox', { name: 'priority', exact: true }).fill('urgent');
  await expect(form.getByText("The input fits the tool's schema.")).toBeVisible();

  // Nothing sticks out sideways: the pane never scrolls sideways and every field is inside it.
  expect(await pane.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await outside(form, pane)).toEqual([]);
  // Descriptions are shown whole, not cut to a line.
  const help = form.locator('.form-help').first();
  expect(await help.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
  await form.getByLabel(`${LONG_NAME} *`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'try-tool-narrow.png') });
  await form.getByRole('button', { name: 'Call depot.dispatchOrdersToTheCarrier' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'try-tool-narrow-end.png') });

  // Wide: the same form in a dialog, reached from the keyboard, with what was typed.
  const openWide = form.getByRole('button', { name: 'Open wide' });
  await openWide.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Try depot.dispatchOrdersToTheCarrier' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(`${LONG_NAME} *`)).toHaveValue('INV-7');
  await expect(dialog.getByLabel('streetAndHouseNumberOrPostOfficeBox')).toHaveValue('1 High Street');
  await expect(dialog.getByLabel('quantity')).toHaveValue('2');
  expect(await outside(dialog, dialog)).toEqual([]);
  await dialog.getByLabel('postcode').fill('AB1 2CD');
  await page.screenshot({ path: join(SCREENSHOTS, 'try-tool-wide.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Back in the side pane, with the change made wide, and the focus where it was.
  await expect(form.getByLabel('postcode')).toHaveValue('AB1 2CD');
  await expect(form.getByLabel('The call as code')).toContainText('"postcode": "AB1 2CD"');
  await expect(openWide).toBeFocused();

  await form.getByRole('button', { name: 'Call depot.dispatchOrdersToTheCarrier' }).click();
  await expect(page.getByTestId('result-value')).toContainText('sent');
});
