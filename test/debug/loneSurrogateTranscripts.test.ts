import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { createEventsFramePacker } from '../../src/main/faces/browserServer/createEventsFramePacker';
import { unpackEventsFrame } from '../../src/shared/rpc/unpackEventsFrame';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { parseTranscript } from '../../src/shared/transcriptFile';
import { escapeHtml } from '../../src/shared/transcriptHtml';
import { SURROGATE_TEXTS } from '../support/surrogateTexts';
import { createDebugHostHarness } from './debugHostHarness';

const texts = Object.values(SURROGATE_TEXTS);
const executor = createInProcessExecutor();
let harness: Awaited<ReturnType<typeof createDebugHostHarness>> | undefined;
afterEach(async () => harness?.dispose());

const consoleTexts = (entries: readonly TranscriptEntry[]) =>
  entries.flatMap((entry) =>
    entry.kind === 'event' && entry.event.type === 'guest_console'
      ? entry.event.lines.map((line) => line.text)
      : [],
  );

/** A run that logs each text (and returns them), on a host whose transcripts move to a file past `memory` entries. */
async function logged(memory?: number) {
  harness = await createDebugHostHarness(
    executor,
    {},
    {
      noSecrets: true,
      ...(memory ? { runs: { transcriptMemoryEntries: memory } } : {}),
    },
  );
  const code = `for (const text of ${JSON.stringify(texts)}) { console.log(text); await demo.echo({ text }); }\nreturn ${JSON.stringify(texts)}`;
  const { runId } = await harness.runs.start({ code });
  const result = await harness.finished(runId);
  return { runId, result, harness };
}

describe('console lines with lone surrogates on the host', () => {
  for (const memory of [undefined, 4])
    it(`reach the page, its pages and a saved file exactly${memory ? ', from a transcript in a file' : ''}`, async () => {
      const { runId, result, harness } = await logged(memory);
      expect(result).toMatchObject({ ok: true, logs: texts, result: texts });

      // Live, as serve packs the events for the page.
      const packer = createEventsFramePacker();
      for (const event of harness.events) packer.add(event);
      const events = unpackEventsFrame(JSON.parse(packer.take()!));
      const live = events.flatMap((event) =>
        event.channel === 'runs' && event.type !== 'started' ? event.entries : [],
      );
      expect(consoleTexts(live)).toEqual(texts);

      // After a reload: the host's pages.
      expect(consoleTexts(await harness.runs.transcript(runId))).toEqual(texts);

      // Saved, read as a file, and opened again.
      const file = path.join(harness.dir, 'saved.jsonl');
      await harness.debug.saveTranscript(runId, { file });
      const parsed = parseTranscript(await readFile(file, 'utf8'));
      expect(parsed.problems).toEqual([]);
      expect(consoleTexts(parsed.entries)).toEqual(texts);
      expect(consoleTexts((await harness.debug.openTranscript({ file })).entries)).toEqual(texts);
    });

  it('read in the HTML report as U+FFFD in its text and as exact escapes in its JSON', async () => {
    const { runId, harness } = await logged();
    const html = (await harness.debug.exportHtml({ runId }, {})).html ?? '';
    // HTML text cannot hold a lone surrogate (a browser reads even &#xD800; as U+FFFD): each reads as one.
    expect(html).toContain(`<pre>x\ufffdy\nx\ufffdy\n\ufffd\ufffd\n\ud83d\ude00</pre>`);
    expect(html).toContain('x\\ud800y');
    expect(html).toContain('\\udc00\\ud800');
    expect(html).not.toMatch(/\p{Cs}/u);
    expect(escapeHtml('<\ud800\udc00\udc00>')).toBe('&lt;\ud800\udc00\ufffd&gt;');
  });
});
