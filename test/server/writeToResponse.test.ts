import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { writeToResponse } from '../../src/main/faces/browserServer/writeToResponse';
import type { FileWriter } from '../../src/main/system/writeFileAtomic';

/** A response whose socket buffer is full after every write until the test says it drained. */
class SlowResponse extends EventEmitter {
  chunks: string[] = [];
  heads = 0;
  ended = false;
  destroyed = false;
  write(chunk: string | Buffer): boolean {
    this.chunks.push(chunk.toString());
    return false;
  }
  end(): void {
    this.ended = true;
  }
  close(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

function start(response: SlowResponse, writer: FileWriter) {
  const outcome = { settled: false, error: undefined as unknown };
  const done = writeToResponse(response as unknown as ServerResponse, writer, () => {
    response.heads += 1;
  }).then(
    () => {
      outcome.settled = true;
    },
    (error: unknown) => {
      outcome.settled = true;
      outcome.error = error;
    },
  );
  return { outcome, done };
}

describe('writing a report to a response as it is made', () => {
  it('waits for the socket to drain before taking the next chunk', async () => {
    const response = new SlowResponse();
    const written: string[] = [];
    const { outcome, done } = start(response, async (write) => {
      for (const chunk of ['top', 'rows 1', 'rows 2', 'end']) {
        await write(chunk);
        written.push(chunk);
      }
    });
    for (let step = 1; step <= 4; step += 1) {
      for (let spin = 0; spin < 5; spin += 1) await turn();
      // The writer has handed over one chunk more and waits: nothing piles up in the host.
      expect(response.chunks).toHaveLength(step);
      expect(written).toHaveLength(step - 1);
      response.emit('drain');
    }
    await done;
    expect(outcome.error).toBeUndefined();
    expect(response.chunks.join('|')).toBe('top|rows 1|rows 2|end');
    expect(response.heads).toBe(1);
    expect(response.ended).toBe(true);
  });

  it('stops the writer when the connection closes while it waits', async () => {
    const response = new SlowResponse();
    let after = 0;
    const { outcome, done } = start(response, async (write) => {
      await write('top');
      after += 1;
      await write('rows');
      after += 1;
    });
    await turn();
    response.close();
    await done;
    expect(outcome.settled).toBe(true);
    expect(String(outcome.error)).toMatch(/closed before the download ended/);
    expect(after).toBe(0);
    expect(response.ended).toBe(false);
    expect(response.listenerCount('drain') + response.listenerCount('close')).toBe(0);
  });

  it('sends no head when the writer fails before its first chunk, so a plain error can go instead', async () => {
    const response = new SlowResponse();
    const { outcome, done } = start(response, async () => {
      throw new Error('the transcript is gone');
    });
    await done;
    expect(String(outcome.error)).toMatch(/the transcript is gone/);
    expect(response.heads).toBe(0);
    expect(response.chunks).toHaveLength(0);
  });

  it('still answers a writer that writes nothing', async () => {
    const response = new SlowResponse();
    const { outcome, done } = start(response, async () => undefined);
    await done;
    expect(outcome.error).toBeUndefined();
    expect(response.heads).toBe(1);
    expect(response.ended).toBe(true);
  });
});
