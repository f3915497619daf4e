import type { ServerResponse } from 'node:http';
import type { FileWriter } from '../../system/writeFileAtomic';

/**
 * Streams what `writer` writes to `response` chunk by chunk, waiting whenever the socket's buffer
 * is full. `writeHead` runs with the first chunk, so a writer that fails before writing anything
 * leaves the response free for a plain error; a closed connection fails the writer's next write.
 */
export async function writeToResponse(
  response: ServerResponse,
  writer: FileWriter,
  writeHead: () => void,
): Promise<void> {
  let started = false;
  await writer(async (chunk) => {
    if (response.destroyed) throw new Error('the connection closed before the download ended');
    if (!started) {
      writeHead();
      started = true;
    }
    if (!response.write(chunk)) await drained(response);
  });
  if (!started) writeHead();
  response.end();
}

function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stop();
      resolve();
    };
    const onClose = () => {
      stop();
      reject(new Error('the connection closed before the download ended'));
    };
    const stop = () => {
      response.off('drain', onDrain);
      response.off('close', onClose);
    };
    response.on('drain', onDrain);
    response.on('close', onClose);
  });
}
