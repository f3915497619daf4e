import type { Readable } from 'node:stream';

export type AnswerLine = { kind: 'line'; text: string } | { kind: 'too-long' } | { kind: 'closed' };

/**
 * The first line `stream` carries, read without ever holding more than `maxBytes` of it: a longer
 * line stops the reading at once (the caller kills the writer). `closed` when the stream ends first.
 */
export function readAnswerLine(stream: Readable, maxBytes: number): Promise<AnswerLine> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (answer: AnswerLine) => {
      stream.off('data', onData);
      stream.off('end', onClosed);
      stream.off('close', onClosed);
      stream.off('error', onClosed);
      stream.pause();
      resolve(answer);
    };
    const onData = (chunk: Buffer) => {
      const end = chunk.indexOf(0x0a);
      const part = end < 0 ? chunk : chunk.subarray(0, end);
      size += part.length;
      if (size > maxBytes) return finish({ kind: 'too-long' });
      chunks.push(part);
      if (end >= 0) finish({ kind: 'line', text: Buffer.concat(chunks).toString('utf8') });
    };
    const onClosed = () => finish({ kind: 'closed' });
    stream.on('data', onData);
    stream.once('end', onClosed);
    stream.once('close', onClosed);
    stream.once('error', onClosed);
  });
}
