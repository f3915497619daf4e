import { defineCase } from '../conformanceCase';
import { expectEqual, expectOk } from '../expectations';

export const logCases = [
  defineCase(
    'logs',
    'console-methods',
    {
      title: 'console.log, info, warn and error each append one line',
      rule: 'expose console.log, console.info, console.warn and console.error; each call appends one log line',
    },
    async (session) => {
      session.execute({
        code: 'console.log("a"); console.info("b"); console.warn("c"); console.error("d"); "ok"',
      });
      const done = await session.untilDone();
      expectOk(done, 'ok');
      expectEqual(done.logs, ['a', 'b', 'c', 'd'], 'done.logs');
    },
  ),
  defineCase(
    'logs',
    'formatting',
    {
      title: 'arguments are space-joined; undefined is "undefined"; other values are JSON',
      rule: 'one log line is the space-joined formatting of the console arguments; undefined formats as the literal string undefined; non-string values should be JSON-stringified when possible',
    },
    async (session) => {
      session.execute({
        code: 'console.log("text", 1, true, null, undefined, { a: [1, "x"] }, [2, 3], "end"); 0',
      });
      const done = await session.untilDone();
      expectEqual(done.logs, ['text 1 true null undefined {"a":[1,"x"]} [2,3] end'], 'done.logs');
    },
  ),
  defineCase(
    'logs',
    'fallback-string',
    {
      title: 'values JSON cannot represent fall back to string conversion',
      rule: 'non-string values should be JSON-stringified when possible, with fallback string conversion when needed',
      level: 'should',
    },
    async (session) => {
      session.execute({ code: 'const a = {}; a.self = a; console.log(10n, a); 0' });
      const done = await session.untilDone();
      expectEqual(done.logs, ['10 [object Object]'], 'done.logs');
    },
  ),
  defineCase(
    'logs',
    'max-lines',
    {
      title: 'maxLogLines keeps only the earliest lines',
      rule: 'first apply maxLogLines by keeping only the earliest lines up to the limit',
    },
    async (session) => {
      session.execute({
        code: 'for (let i = 1; i <= 6; i++) console.log("line " + i); 0',
        options: { maxLogLines: 3 },
      });
      const done = await session.untilDone();
      expectEqual(done.logs, ['line 1', 'line 2', 'line 3'], 'done.logs');
    },
  ),
  defineCase(
    'logs',
    'max-chars',
    {
      title: 'maxLogChars applies across lines and clips the line where the limit falls',
      rule: 'then apply maxLogChars cumulatively across those remaining lines; if the character limit is reached in the middle of a line, that final line is clipped',
    },
    async (session) => {
      session.execute({
        code: 'console.log("abcdef"); console.log("ghijkl"); console.log("mno"); 0',
        options: { maxLogChars: 10 },
      });
      const done = await session.untilDone();
      expectEqual(done.logs, ['abcdef', 'ghij'], 'done.logs');
    },
  ),
  defineCase(
    'logs',
    'lines-before-chars',
    {
      title: 'the line limit applies before the character limit',
      rule: 'first apply maxLogLines by keeping only the earliest lines up to the limit; then apply maxLogChars cumulatively across those remaining lines',
    },
    async (session) => {
      session.execute({
        code: 'console.log("abc"); console.log("def"); console.log("ghi"); 0',
        options: { maxLogLines: 2, maxLogChars: 5 },
      });
      const done = await session.untilDone();
      expectEqual(done.logs, ['abc', 'de'], 'done.logs');
    },
  ),
  defineCase(
    'logs',
    'logs-on-failure',
    {
      title: 'a failed execution still returns the logs written before the failure',
      rule: 'logs are captured runner-side and returned in the terminal done message as string[]',
    },
    async (session) => {
      session.execute({ code: 'console.log("before"); throw new Error("after")' });
      const done = await session.untilDone();
      expectEqual(done.logs, ['before'], 'done.logs');
    },
  ),
  defineCase(
    'logs',
    'bounded-while-running',
    {
      title: 'a guest logging far past the limits still finishes with truncated logs',
      rule: 'truncated logs are returned from done (logs stay bounded while code runs)',
    },
    async (session) => {
      session.execute({
        code: 'for (let i = 0; i < 200000; i++) console.log("spam spam spam spam " + i); "done"',
        options: { maxLogLines: 2, maxLogChars: 1000, timeoutMs: 20_000 },
      });
      const done = await session.untilDone();
      expectOk(done, 'done');
      expectEqual(done.logs, ['spam spam spam spam 0', 'spam spam spam spam 1'], 'done.logs');
    },
  ),
];
