import { mkdtemp, readdir, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTranscriptStore } from '../../src/main/services/runs/createTranscriptStore';
import { LineFileError } from '../../src/main/system/createLineFile';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { toolCallEntry } from '../support/toolCallEntry';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'execbox-store-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

// Multi-byte text: offsets are bytes, not characters.
const call = (seq: number) => toolCallEntry(seq, { providerName: 'démo', input: 'é'.repeat(seq % 7) });
const done = (seq: number): TranscriptEntry => ({
  kind: 'message',
  seq,
  at: seq,
  direction: 'runner_to_host',
  message: { type: 'done', id: 'x', ok: true, result: { big: [1, 2, 3] }, logs: [], durationMs: 1 },
});

function storeOf(count: number, memoryEntries = 10) {
  const file = path.join(dir, 'run.jsonl');
  const problems: Error[] = [];
  const store = createTranscriptStore({
    memoryEntries,
    filePath: () => file,
    onFileProblem: (e) => problems.push(e),
  });
  const entries = Array.from({ length: count }, (_, seq) => (seq === count - 1 ? done(seq) : call(seq)));
  for (const entry of entries) store.add(entry);
  return { store, entries, file, problems };
}

describe('createTranscriptStore', () => {
  it('keeps a short transcript in memory and writes no file', async () => {
    const { store, entries } = storeOf(10);
    expect(store.entriesInMemory).toBe(10);
    expect(store.page(0, 10)).toEqual(entries);
    expect(await readdir(dir)).toEqual([]);
  });

  it('moves a long transcript to a file: a bounded number of entries stays in memory, every page reads back', () => {
    const { store, entries } = storeOf(1000);
    // Only the done message (the very object a result carries) stays as an object.
    expect(store.entriesInMemory).toBe(1);
    expect(store.count).toBe(1000);
    for (const [from, to] of [
      [0, 1000],
      [0, 1],
      [31, 33],
      [32, 64],
      [500, 777],
      [990, 2000],
      [999, 1000],
      [1000, 1010],
    ] as const)
      expect(store.page(from, to)).toEqual(entries.slice(from, to));
    expect(store.page(999, 1000)[0]).toBe(entries[999]);
  });

  it('finds a call\u2019s entries by its id, in memory or in the file, until released', () => {
    for (const count of [8, 3000]) {
      const { store } = storeOf(count);
      expect(store.entriesOfCall('call-5')).toEqual([5]);
      expect(store.entriesOfCall('CALL-5')).toEqual([5]);
      expect(store.entriesOfCall('call-1234')).toEqual(count > 1234 ? [1234] : []);
      store.release();
      expect(store.entriesOfCall('call-5')).toEqual([]);
    }
  });

  it('copies its lines as a saved file holds them, from memory or from the file', async () => {
    for (const count of [5, 700]) {
      const { store, entries } = storeOf(count);
      let copied = '';
      await store.copyLines(async (chunk) => {
        copied += chunk.toString();
      });
      expect(copied).toBe(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
      store.release();
    }
  });

  it('deletes its file when the last holder releases it', async () => {
    const { store, file } = storeOf(100);
    store.retain();
    store.release();
    expect(existsSync(file)).toBe(true);
    store.release();
    expect(await readdir(dir)).toEqual([]);
    expect(() => store.add(call(100))).toThrow(/released/);
  });

  it('names the file and the byte when the file was cut short under it', async () => {
    const { store, file } = storeOf(500);
    store.page(0, 1); // flushed
    await truncate(file, 100);
    expect(() => store.page(400, 410)).toThrow(LineFileError);
    expect(() => store.page(400, 410)).toThrow(
      new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ends at byte 100`),
    );
  });

  it('refuses a file whose lines were changed under it', async () => {
    const { store, file } = storeOf(100);
    store.page(0, 1);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"call-40"', '"call-\\n"').replace('"call-41"', 'x'.repeat(7) + '\n'));
    expect(() => store.page(33, 60)).toThrow(/does not hold the lines its index expects|holds no JSON/);
    await writeFile(file, text.replace('"seq":71,', '"seq"x71,'));
    expect(() => store.page(71, 72)).toThrow(/holds no JSON at entry 71/);
  });

  it('never writes through a link planted where its file goes: the transcript stays in memory', async () => {
    const target = path.join(dir, 'victim.txt');
    await writeFile(target, 'keep me');
    await symlink(target, path.join(dir, 'run.jsonl'));
    const { store, entries, problems } = storeOf(50);
    expect(problems[0]?.message).toMatch(
      /cannot create the transcript store .*run\.jsonl: something is already there/,
    );
    expect(store.page(0, 50)).toEqual(entries);
    expect(await readFile(target, 'utf8')).toBe('keep me');
  });
});
