import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLineRelay, type HeldLine } from '../../src/main/programs/tap/createLineRelay';

function relay(onLine: (text: string) => HeldLine | undefined, maxLineBytes = 1000) {
  const input = new PassThrough();
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const seen = { tooLong: [] as number[], unterminated: [] as string[] };
  const { finished } = createLineRelay({
    input,
    output,
    endOutput: true,
    maxLineBytes,
    onLine: (bytes) => onLine(bytes.toString()),
    onTooLong: (bytes) => seen.tooLong.push(bytes),
    onUnterminated: (bytes) => seen.unterminated.push(bytes.toString()),
  });
  return { input, output: () => Buffer.concat(chunks).toString(), seen, finished };
}

describe('createLineRelay', () => {
  it('copies bytes exactly, whatever the chunking, and streams an over-long line through', async () => {
    const r = relay(() => undefined, 10);
    const text = 'one\r\n\n' + 'x'.repeat(25) + '\ntwo\ntail';
    for (let i = 0; i < text.length; i += 3) r.input.write(text.slice(i, i + 3));
    r.input.end();
    await r.finished;
    expect(r.output()).toBe(text);
    expect(r.seen).toEqual({ tooLong: [25], unterminated: ['tail'] });
  });

  it('holds a line and everything after it; the answer replaces it, null drops it', async () => {
    let release!: (answer: Buffer | null) => void;
    const r = relay((text) =>
      text === 'hold-me' ? new Promise<Buffer | null>((resolve) => (release = resolve)) : undefined,
    );
    r.input.write('a\nhold-me\nb\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.output()).toBe('a\n');
    release(Buffer.from('edited'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.output()).toBe('a\nedited\nb\n');

    const dropped = relay((text) => (text === 'drop' ? Promise.resolve(null) : undefined));
    dropped.input.end('x\ndrop\ny\n');
    await dropped.finished;
    expect(dropped.output()).toBe('x\ny\n');
  });

  it('forwards a held line unchanged when its hold fails', async () => {
    const r = relay((text) => (text === 'h' ? Promise.reject(new Error('gone')) : undefined));
    r.input.end('h\nafter\n');
    await r.finished;
    expect(r.output()).toBe('h\nafter\n');
  });
});
