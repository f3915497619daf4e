import { fail } from '../CaseFailure';
import { defineCase, SILENCE_MS } from '../conformanceCase';
import { expectErrorCode, expectOk, expectType } from '../expectations';

const RULE_CANCEL =
  'if id matches the active execution, the runner must promptly abort execution; cancellation should result in a terminal timeout-shaped failure';
/** Long enough that only the cancel, never the runner's own deadline, can end these executions. */
const LONG = { timeoutMs: 60_000 };

export const cancelCases = [
  defineCase(
    'cancel',
    'during-cpu-loop',
    { title: 'cancel before any tool_call stops a busy guest with timeout', rule: RULE_CANCEL },
    async (session) => {
      session.execute({ code: 'while (true) {}', options: LONG });
      expectType(await session.next('started'), 'started', 'first');
      session.send({ type: 'cancel', id: session.id });
      expectErrorCode(await session.untilDone(), 'timeout');
    },
  ),
  defineCase(
    'cancel',
    'while-awaiting-tool',
    {
      title: 'cancel while the runner waits on a tool_result ends the execution with timeout',
      rule: `${RULE_CANCEL}; pending guest tool awaits should reject promptly so the execution can unwind`,
    },
    async (session) => {
      session.execute({ code: 'await tools.hang({}); "resumed"', options: LONG });
      expectType(await session.next('started'), 'started', 'first');
      expectType(await session.next('tool_call'), 'tool_call', 'for tools.hang');
      session.send({ type: 'cancel', id: session.id });
      expectErrorCode(await session.untilDone(), 'timeout');
    },
  ),
  defineCase(
    'cancel',
    'right-after-execute',
    {
      title: 'cancel sent right behind execute still ends with exactly one timeout done',
      rule: `cancel may arrive before any tool_call; ${RULE_CANCEL}`,
    },
    async (session) => {
      session.execute({ code: 'while (true) {}', options: LONG });
      session.send({ type: 'cancel', id: session.id });
      expectErrorCode(await session.untilDone(), 'timeout');
      await session.expectSilence(SILENCE_MS, 'done');
    },
  ),
  defineCase(
    'cancel',
    'other-id-ignored',
    {
      title: 'a cancel for another execution id does not stop this one',
      rule: 'if id matches the active execution, the runner must promptly abort execution (and only then)',
    },
    async (session) => {
      session.execute({ code: 'const v = await tools.echo("still here"); v', options: LONG });
      expectType(await session.next('started'), 'started', 'first');
      const call = expectType(await session.next('tool_call'), 'tool_call', 'for tools.echo');
      session.send({ type: 'cancel', id: `${session.id}-other` });
      session.send({ type: 'tool_result', callId: call.callId, ok: true, result: 'still here' });
      expectOk(await session.untilDone(), 'still here');
    },
  ),
  defineCase(
    'cancel',
    'after-done-ignored',
    {
      title: 'a cancel after done produces nothing',
      rule: 'after done, the session is complete and no further protocol messages are valid for that execution',
    },
    async (session) => {
      session.execute({ code: '"finished"' });
      expectOk(await session.untilDone(), 'finished');
      session.send({ type: 'cancel', id: session.id });
      await session.expectSilence(SILENCE_MS, 'a cancel of a finished execution');
    },
  ),
  defineCase(
    'cancel',
    'no-tool-calls-after-cancel',
    {
      title: 'once cancelled, the guest issues no further tool calls',
      rule: `${RULE_CANCEL}; after done no further protocol messages are valid`,
    },
    async (session) => {
      session.execute({ code: 'for (;;) { try { await tools.hang({}) } catch {} }', options: LONG });
      expectType(await session.next('started'), 'started', 'first');
      expectType(await session.next('tool_call'), 'tool_call', 'for tools.hang');
      session.send({ type: 'cancel', id: session.id });
      const done = await session.untilDone();
      expectErrorCode(done, 'timeout');
      const callsAfterCancel = session.received.filter((m) => m.type === 'tool_call').length - 1;
      if (callsAfterCancel > 0) fail(`the guest made ${callsAfterCancel} more tool calls after the cancel`);
      await session.expectSilence(SILENCE_MS, 'done');
    },
  ),
];
