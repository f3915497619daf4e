import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createTapSession,
  TAP_MAX_FINDINGS,
  TAP_TAIL_ENTRIES,
} from '../../src/main/programs/tap/createTapSession';
import { writeTapOutcome } from '../../src/main/programs/tap/writeTapOutcome';
import { parseTranscript } from '../../src/shared/transcriptFile';

const LINES = 30_000;
const toolCall = (i: number) =>
  Buffer.from(
    JSON.stringify({ type: 'tool_call', callId: `c${i}`, providerName: 'p', safeToolName: 't', input: {} }),
  );

describe('a long tapped session held in bounded memory', { timeout: 120_000 }, () => {
  it('holds the tail and a bounded number of findings, and still saves every entry', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'execbox-tap-memory-'));
    const spill = path.join(dir, 'spill.jsonl');
    const session = createTapSession({ spillFile: () => spill });
    let mostEntries = 0;
    let mostFindings = 0;
    // Every tool_call outside an execution is a finding, as in the 1,000,000-line attack.
    for (let i = 0; i < LINES; i++) {
      session.line('runner_to_host', toolCall(i));
      const held = session.held();
      mostEntries = Math.max(mostEntries, held.entries);
      mostFindings = Math.max(mostFindings, held.findings);
    }
    const outcome = session.finish();
    expect(mostEntries).toBeLessThanOrEqual(2 * TAP_TAIL_ENTRIES + 1);
    expect(mostFindings).toBe(TAP_MAX_FINDINGS);
    expect(outcome.entries.length).toBeLessThanOrEqual(2 * TAP_TAIL_ENTRIES);
    expect(outcome.entryCount).toBe(LINES + 1);
    expect(outcome.findings).toHaveLength(TAP_MAX_FINDINGS);
    expect(outcome.droppedFindings).toBe(LINES - TAP_MAX_FINDINGS);

    const transcript = path.join(dir, 'session.jsonl');
    const findingsFile = await writeTapOutcome(outcome, transcript);
    const saved = parseTranscript(await readFile(transcript, 'utf8'));
    expect(saved.problems).toEqual([]);
    expect(saved.entries).toHaveLength(LINES + 1);
    expect(saved.entries.at(-1)).toMatchObject({ kind: 'message', message: { callId: `c${LINES - 1}` } });
    const findings = JSON.parse(await readFile(findingsFile, 'utf8')) as {
      findings: unknown[];
      droppedFindings: number;
    };
    expect(findings.findings).toHaveLength(TAP_MAX_FINDINGS);
    expect(findings.droppedFindings).toBe(LINES - TAP_MAX_FINDINGS);
    outcome.dispose();
    expect((await readdir(dir)).sort()).toEqual(['session.findings.json', 'session.jsonl']);
  });

  it('without a file to keep them, keeps only the tail and refuses to save a transcript with holes', async () => {
    const session = createTapSession({ tailEntries: 10 });
    for (let i = 0; i < 100; i++) session.line('runner_to_host', toolCall(i));
    const outcome = session.finish();
    expect(outcome.entries.length).toBeLessThanOrEqual(20);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'execbox-tap-memory-'));
    await expect(writeTapOutcome(outcome, path.join(dir, 's.jsonl'))).rejects.toThrow(
      /only the last \d+ of 101 entries were kept/,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
