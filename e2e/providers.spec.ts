import { join } from 'node:path';
import { expect, runProgram, SCREENSHOTS, setProgram, test, TEST_WORKSPACE } from './playgroundFixture';

test('TypeScript runs, and a type error is reported at the column the user wrote', async ({
  page,
  playground: _,
}) => {
  await setProgram(
    page,
    [
      'interface Greeting { greeting: string }',
      "const r: Greeting = await demo.echo({ text: 'hi' });",
      'const count: number = r.greeting;',
      'count',
    ].join('\n'),
  );
  const problems = page.getByRole('status', { name: 'Problems' });
  await expect(problems).toContainText("3:7 Type 'string' is not assignable to type 'number'", {
    timeout: 30_000,
  });
  await page.screenshot({ path: join(SCREENSHOTS, 'typescript-error.png') });

  await setProgram(
    page,
    [
      'interface Greeting { greeting: string }',
      "const r = (await demo.echo({ text: 'hi' })) satisfies Greeting;",
      'const size: number = r.greeting!.length as number;',
      'size * 2',
    ].join('\n'),
  );
  await expect(problems).toContainText('No problems', { timeout: 30_000 });
  await runProgram(page);
  await expect(page.getByTestId('result')).toContainText('Succeeded');
  await expect(page.getByTestId('result-value')).toContainText('10');

  await setProgram(page, "enum Sky { Clear }\nconst s: string = 'x';\nundefinedName");
  await runProgram(page);
  await expect(page.getByTestId('error-message')).toContainText('enum is not supported');
  await expect(page.getByTestId('error-message')).toContainText('line 1, column 1');
});

test.describe('trying tools from the providers list', () => {
  test.use({
    workspaceDocument: {
      ...TEST_WORKSPACE,
      providers: [
        ...TEST_WORKSPACE.providers,
        {
          id: 'shop',
          name: 'shop',
          kind: 'mock',
          tools: {
            refund: {
              description: 'Refunds an order.',
              inputSchema: {
                type: 'object',
                properties: {
                  orderId: { type: 'string', description: 'The order to refund' },
                  reason: { enum: ['damaged', 'late', 'other'], default: 'late' },
                  amount: { type: ['number', 'null'] },
                  items: {
                    type: 'array',
                    items: { type: 'object', properties: { sku: { type: 'string' } } },
                  },
                },
                required: ['orderId'],
                additionalProperties: false,
              },
              response: { mode: 'fixed', result: { approved: true, refundId: 'r-1' } },
            },
          },
        },
      ],
      snippets: [
        {
          id: 'first',
          name: 'Refund',
          code: "const refund = await shop.refund({ orderId: 'a' });\nrefund.approved",
        },
      ],
    },
  });

  test('a tool called from the generated form appears in the transcript, and its shape types the editor', async ({
    page,
    playground: _,
  }) => {
    await page.getByRole('tab', { name: 'Providers' }).click();
    const shop = page.getByTestId('provider').filter({ hasText: 'shop' });
    await shop.getByRole('button', { name: 'tools' }).click();
    const refund = shop.getByTestId('tool-item').filter({ hasText: 'refund' });
    await expect(refund).toContainText('Refunds an order.');
    await refund.getByRole('button', { name: 'try' }).click();
    const form = refund.getByRole('group', { name: 'Try shop.refund' });

    await expect(form.getByLabel('Input problems')).toContainText('required property "orderId"');
    await expect(form.getByRole('button', { name: 'Call shop.refund' })).toBeDisabled();
    await form.getByLabel('orderId *').fill('o-"42"');
    await form.getByLabel('amount is null').check();
    await form.getByRole('button', { name: '+ add items item' }).click();
    await form.getByLabel('sku').fill('sku-1');
    await expect(form.getByText("The input fits the tool's schema.")).toBeVisible();
    await expect(form.getByLabel('The call as code')).toContainText('"orderId": "o-\\"42\\""');
    await expect(form.getByLabel('The call as code')).toContainText('"amount": null');
    await expect(form.getByLabel('The call as code')).toContainText('"reason": "late"');

    // JSON mode keeps text that is not JSON yet, and says so instead of dropping it.
    await form.getByRole('tab', { name: 'JSON' }).click();
    const json = form.getByLabel('shop.refund input as JSON');
    await json.fill('{ "orderId": "o-1", ');
    await expect(form.getByLabel('Input problems')).toContainText('The JSON is not valid yet');
    await expect(form.getByRole('tab', { name: 'Form' })).toBeDisabled();
    await expect(json).toHaveValue('{ "orderId": "o-1", ');
    await json.fill('{ "orderId": "o-1", "amount": null }');
    await page.screenshot({ path: join(SCREENSHOTS, 'tool-form-json.png') });
    await form.getByRole('tab', { name: 'Form' }).click();
    await expect(form.getByLabel('orderId *')).toHaveValue('o-1');
    await page.screenshot({ path: join(SCREENSHOTS, 'tool-form.png') });

    await form.getByRole('button', { name: 'Call shop.refund' }).click();
    await expect(page.getByTestId('run-state')).toHaveText(/Succeeded|Finished/, { timeout: 30_000 });
    const rows = page.getByTestId('transcript-row');
    await expect(rows.filter({ hasText: 'tool_call' })).toContainText('shop.refund');
    await expect(page.getByTestId('result-value')).toContainText('r-1');

    // Without an output schema the result is `any`; the recorded shape makes it a real type.
    await refund.getByRole('button', { name: 'Use this shape as the output type' }).click();
    await expect(refund.getByRole('button', { name: 'remove output type' })).toBeVisible();
    await setProgram(page, "const refund = await shop.refund({ orderId: 'a' });\nrefund.aproved");
    const problems = page.getByRole('status', { name: 'Problems' });
    await expect(problems).toContainText("Property 'aproved' does not exist", { timeout: 30_000 });
    await setProgram(
      page,
      "const refund = await shop.refund({ orderId: 'a' });\nconst ok: boolean = refund.approved;",
    );
    await expect(problems).toContainText('No problems', { timeout: 30_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'tool-output-type.png') });
  });
});
