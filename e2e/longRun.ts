import type { Page } from '@playwright/test';
import { runProgram, setProgram, test } from './playgroundFixture';

/** The held tail (at most 2 × 2,000) and the table's pages (8 × 500) or the step-through's window. */
export const HELD_BOUND = 8_000;

/** How many of the run's entries the view at `selector` holds (its `data-entries-held`). */
export const heldBy = async (page: Page, selector: string): Promise<number> =>
  Number(await page.locator(selector).getAttribute('data-entries-held'));

/** A program of `calls` demo.echo calls, each sending `text` (an expression of `i`); its result is 'done'. */
export function echoLoop(calls: number, text = "'call ' + i"): string {
  return `for (let i = 0; i < ${calls}; i++) await demo.echo({ text: ${text} });\n'done'`;
}

/** Runs a program of thousands of calls to its end, the test given the time that takes on a loaded machine. */
export async function runLongProgram(page: Page, program: string): Promise<void> {
  test.setTimeout(120_000);
  await setProgram(page, program);
  await runProgram(page);
}
