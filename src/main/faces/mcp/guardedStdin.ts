import { Transform, type Readable, type Writable } from 'node:stream';
import { tooDeeplyNested } from '../../../shared/tooDeeplyNested';

/** Past this a line is passed on as it is, for the reader's own size limit to refuse. */
const MAX_HELD_BYTES = 16 * 1024 * 1024;

/**
 * An MCP client's stdin (JSON-RPC lines) with every line nested too deeply taken out before the SDK
 * parses it; the client is answered on `output` with a parse error naming the place, in the words
 * every reader of outside JSON uses.
 */
export function guardedStdin(input: Readable = process.stdin, output: Writable = process.stdout): Readable {
  const refuse = (message: string) =>
    output.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: ${message}` } })}\n`,
    );
  let held = '';
  let lineNumber = 0;
  const guard = new Transform({
    decodeStrings: false,
    transform(chunk: Buffer | string, _encoding, done) {
      held += chunk.toString();
      let end = held.indexOf('\n');
      while (end >= 0) {
        const line = held.slice(0, end + 1);
        held = held.slice(end + 1);
        lineNumber += 1;
        const tooDeep = tooDeeplyNested(line, 'message', { firstLine: lineNumber });
        if (tooDeep) refuse(tooDeep.message);
        else this.push(line);
        end = held.indexOf('\n');
      }
      if (held.length > MAX_HELD_BYTES) {
        this.push(held);
        held = '';
      }
      done();
    },
    flush(done) {
      if (held) this.push(held);
      done();
    },
  });
  return input.pipe(guard);
}
