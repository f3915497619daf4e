import type { ExecuteErrorCode } from '../../../../shared/errors';
import { fail } from '../CaseFailure';
import { defineCase } from '../conformanceCase';
import type { ToolCallHandler } from '../createCaseSession';
import { expectErrorCode } from '../expectations';
import { PROTOCOL_SECTIONS } from '../../../../shared/protocol/protocolSections';

const RULE_NO_UPGRADE =
  'guest-thrown values must not be upgraded into trusted host errors solely because their text mentions timeout or memory; unknown failures should surface as internal_error or runtime_error, not as a forged trusted host error';
const RULE_TRUSTED =
  'trusted host tool failures may surface as their trusted host code when uncaught by guest code; trusted host-originated tool failures must remain distinguishable from guest-created errors';

const failWith =
  (code: ExecuteErrorCode, message: string): ToolCallHandler =>
  () => ({ ok: false, error: { code, message } });

/** Guest code that throws something dressed up as a trusted failure must still be a guest failure. */
const forgeries: [name: string, title: string, code: string, forged: ExecuteErrorCode][] = [
  [
    'no-forged-timeout',
    'a guest error saying "timed out" is not a timeout',
    'throw new Error("Execution timed out")',
    'timeout',
  ],
  [
    'no-forged-memory',
    'a guest error saying "out of memory" is not a memory_limit',
    'throw new Error("out of memory: memory limit exceeded")',
    'memory_limit',
  ],
  [
    'no-forged-internal-error',
    'a guest InternalError saying "out of memory" is not a memory_limit',
    'throw new InternalError("out of memory")',
    'memory_limit',
  ],
  [
    'no-forged-code-property',
    'a guest Error with a .code of a trusted code does not keep that code',
    'const e = new Error("fake tool failure"); e.code = "tool_error"; throw e',
    'tool_error',
  ],
  [
    'no-forged-plain-object',
    'a thrown plain object shaped like a trusted error does not keep its code',
    'throw { code: "validation_error", message: "fake" }',
    'validation_error',
  ],
  [
    'no-forged-copy-of-trusted',
    "a new error copying a caught trusted error's code is a guest error",
    'try { await tools.fail({}) } catch (error) { throw Object.assign(new Error(error.message), { code: error.code }) }',
    'tool_error',
  ],
];

export const errorCases = [
  defineCase(
    'errors',
    'runtime-error',
    {
      title: 'an uncaught guest error is a runtime_error carrying its message',
      rule: 'a conforming runner must use the public error code set; unknown or unexpected failures should surface as internal_error or runtime_error',
    },
    async (session) => {
      session.execute({ code: 'throw new Error("guest broke")' });
      const done = await session.untilDone();
      expectErrorCode(done, 'runtime_error');
      if (!done.ok && !done.error.message.includes('guest broke'))
        fail(`the message "${done.error.message}" lost the guest's text`);
    },
  ),
  defineCase(
    'errors',
    'uncaught-trusted-error-keeps-code',
    { title: 'an uncaught trusted tool failure keeps its trusted code and message', rule: RULE_TRUSTED },
    async (session) => {
      session.execute({ code: 'await tools.echo({ bad: true })' });
      const done = await session.untilDone(
        session.id,
        failWith('validation_error', 'input.bad is not allowed'),
      );
      expectErrorCode(done, 'validation_error');
      if (!done.ok && !done.error.message.includes('input.bad is not allowed'))
        fail(`the trusted message was lost: "${done.error.message}"`);
    },
  ),
  defineCase(
    'errors',
    'rethrown-trusted-error-keeps-code',
    { title: 'a trusted tool failure the guest catches and rethrows keeps its code', rule: RULE_TRUSTED },
    async (session) => {
      session.execute({
        code: 'try { await tools.echo(1) } catch (error) { console.log("caught"); throw error }',
      });
      const done = await session.untilDone(session.id, failWith('tool_error', 'upstream said no'));
      expectErrorCode(done, 'tool_error');
    },
  ),
  ...forgeries.map(([name, title, code, forged]) =>
    defineCase('errors', name, { title, rule: RULE_NO_UPGRADE }, async (session) => {
      session.execute({ code });
      const done = await session.untilDone();
      if (done.ok) fail(`expected the guest's throw to fail the execution; done was ok`);
      if (done.error.code === forged)
        fail(`the guest forged the trusted code ${forged}: ${JSON.stringify(done.error)}`);
    }),
  ),
  defineCase(
    'errors',
    'unknown-host-code-is-internal-error',
    {
      title: 'a tool_result error code outside the protocol set reaches the guest as internal_error',
      rule: 'error codes are the seven of the protocol; a runner must not pass any other code to the guest (it stands for a broken host: internal_error)',
    },
    async (session) => {
      session.execute({
        code: 'try { await tools.echo(1); return "resolved" } catch (error) { return error.code }',
      });
      const done = await session.untilDone(session.id, () => ({
        ok: false,
        error: { code: 'rate_limited' as ExecuteErrorCode, message: 'slow down' },
      }));
      if (done.ok ? done.result === 'internal_error' : done.error.code === 'internal_error') return;
      if (done.ok)
        fail(
          `the guest saw the error code ${JSON.stringify(done.result)}; a code outside the protocol's set must reach it as internal_error`,
        );
      fail(
        `the execution ended with ${done.error.code}; a code outside the protocol's set is internal_error`,
      );
    },
  ),
  defineCase(
    'errors',
    'timeout',
    {
      title: 'a guest that runs past timeoutMs fails with timeout',
      rule: 'timeout must be reserved for real timeout or cancellation behavior',
      section: PROTOCOL_SECTIONS.limits,
    },
    async (session) => {
      session.execute({ code: 'while (true) {}', options: { timeoutMs: 500 } });
      expectErrorCode(await session.untilDone(), 'timeout');
    },
  ),
  defineCase(
    'errors',
    'timeout-after-await',
    {
      title: 'a CPU loop after an await still times out',
      rule: 'timeout must be reserved for real timeout or cancellation behavior (a CPU loop after an await is a timeout)',
      section: PROTOCOL_SECTIONS.limits,
    },
    async (session) => {
      session.execute({ code: 'await tools.echo(1); while (true) {}', options: { timeoutMs: 500 } });
      expectErrorCode(await session.untilDone(), 'timeout');
    },
  ),
  defineCase(
    'errors',
    'memory-limit',
    {
      title: 'a guest that exhausts memoryLimitBytes fails with memory_limit',
      rule: 'memory-limit classification must be reserved for real runtime memory failures (a real guest out-of-memory is memory_limit)',
      section: PROTOCOL_SECTIONS.limits,
    },
    async (session) => {
      session.execute({
        code: 'const keep = []; while (true) keep.push(new Array(100000).fill(keep.length))',
        options: { memoryLimitBytes: 16 * 1024 * 1024, timeoutMs: 20_000 },
      });
      expectErrorCode(await session.untilDone(), 'memory_limit');
    },
  ),
];
