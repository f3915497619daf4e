import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createJsonLinesTransport } from '../../src/runner/createJsonLinesTransport';
import type { ProtocolMessage } from '../../src/shared/protocol/messages';

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(maxLineBytes?: number) {
  const input = new PassThrough();
  const transport = createJsonLinesTransport<ProtocolMessage>({
    input,
    output: new PassThrough(),
    maxLineBytes,
  });
  const lines: string[] = [];
  const errors: string[] = [];
  transport.onMessage((line) => lines.push(line as string));
  transport.onError((error) => errors.push(error.message));
  return { input, lines, errors };
}

describe('JSON lines framing under attack', async () => {
  it('a 30 MiB line arriving in 64 KiB chunks comes out whole, once', async () => {
    const { input, lines, errors } = setup();
    const body = 'x'.repeat(30 * 1024 * 1024);
    const bytes = Buffer.from(`"${body}"\n{"next":1}\n`);
    for (let at = 0; at < bytes.length; at += 64 * 1024) input.write(bytes.subarray(at, at + 64 * 1024));
    await settle();
    expect(errors).toEqual([]);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.length).toBe(body.length + 2);
    expect(lines[1]).toBe('{"next":1}');
  });

  it('measures the cap in UTF-8 bytes: a line of multi-byte characters over it is refused', async () => {
    const { input, lines, errors } = setup(1000);
    // 600 characters, 1800 bytes: under the cap in characters, over it in bytes.
    input.write(`"${'€'.repeat(600)}"\n"after"\n`);
    await settle();
    expect(errors).toEqual(['a line longer than 1000 bytes was dropped']);
    expect(lines).toEqual(['"after"']);
  });

  it('refuses an endless line once, keeps nothing of it, and reads the line after it', async () => {
    const { input, lines, errors } = setup(1024);
    for (let i = 0; i < 200; i++) input.write('y'.repeat(1000));
    input.write('\n"ok"\r\n');
    await settle();
    expect(errors).toEqual(['a line longer than 1024 bytes was dropped']);
    expect(lines).toEqual(['"ok"']);
  });

  it('keeps a multi-byte character split across chunks intact', async () => {
    const { input, lines } = setup();
    const bytes = Buffer.from('"é€😀"\n');
    for (const byte of bytes) input.write(Buffer.from([byte]));
    await settle();
    expect(lines).toEqual(['"é€😀"']);
  });
});
