import { join } from 'node:path';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';

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
  await expect(page.getByTestId('error-message')).toContainText('line 1, column 0');
});
