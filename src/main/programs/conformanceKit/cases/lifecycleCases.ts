import { PROTOCOL_SECTIONS } from '../../../../shared/protocol/protocolSections';
import { fail } from '../CaseFailure';
import { defineCase, SILENCE_MS } from '../conformanceCase';
import { expectEqual, expectOk, expectType } from '../expectations';

export const lifecycleCases = [
  defineCase(
    'lifecycle',
    'started-first',
    {
      title: 'started comes first, once, with the execution id',
      rule: 'started should be emitted once after the runner accepts execute and before any tool_call or done',
    },
    async (session) => {
      session.execute({ code: 'const value = await tools.echo({ ok: true }); value.ok' });
      const first = expectType(await session.next('started'), 'started', 'as the first message');
      expectEqual(first.id, session.id, 'started.id');
      const done = await session.untilDone();
      expectOk(done, true);
      const starts = session.received.filter((m) => m.type === 'started').length;
      if (starts !== 1) fail(`expected exactly one started, got ${starts}`);
    },
  ),
  defineCase(
    'lifecycle',
    'started-without-tools',
    {
      title: 'started precedes done when the guest calls no tool',
      rule: 'started should be emitted once after the runner accepts execute and before any tool_call or done',
    },
    async (session) => {
      session.execute({ code: '1 + 1' });
      expectType(await session.next('started'), 'started', 'before done');
      expectOk(await session.untilDone(), 2);
    },
  ),
  defineCase(
    'lifecycle',
    'exactly-one-done',
    {
      title: 'exactly one done, and nothing after it',
      rule: 'a successful session must end with exactly one done; after done, the session is complete and no further protocol messages are valid for that execution',
    },
    async (session) => {
      session.execute({ code: 'const a = await tools.echo(1); const b = await tools.echo(2); a + b' });
      expectOk(await session.untilDone(), 3);
      await session.expectSilence(SILENCE_MS, 'done');
    },
  ),
  defineCase(
    'lifecycle',
    'exactly-one-done-on-failure',
    {
      title: 'a failing execution also ends with exactly one done',
      rule: 'a successful session must end with exactly one done; after done, the session is complete and no further protocol messages are valid for that execution',
    },
    async (session) => {
      session.execute({ code: 'throw new Error("boom")' });
      const done = await session.untilDone();
      if (done.ok) fail('expected the thrown error to fail the execution');
      await session.expectSilence(SILENCE_MS, 'done');
    },
  ),
  defineCase(
    'lifecycle',
    'done-shape',
    {
      title: 'done carries the execution id, logs, duration and exactly one of result or error',
      rule: 'id must match the active execution id; exactly one of result or error must be present according to ok; logs must be a string[]; durationMs must measure execution wall time',
    },
    async (session) => {
      session.execute({ code: 'console.log("hi"); ({ answer: 42 })' });
      const done = await session.untilDone();
      expectEqual(done.id, session.id, 'done.id');
      expectOk(done, { answer: 42 });
      expectEqual(done.logs, ['hi'], 'done.logs');
      if (!(done.durationMs >= 0 && Number.isFinite(done.durationMs)))
        fail(`durationMs ${done.durationMs} is not a wall time`);
      if ('error' in done) fail('a successful done must not carry an error');
    },
  ),
  defineCase(
    'lifecycle',
    'duration-measures-wall-time',
    {
      title: 'durationMs covers the time the guest spent waiting on a tool',
      rule: 'durationMs must measure execution wall time for that run',
    },
    async (session) => {
      session.execute({ code: 'await tools.echo(1); "waited"' });
      expectType(await session.next('started'), 'started', 'first');
      const toolCall = expectType(await session.next('tool_call'), 'tool_call', 'for tools.echo');
      await new Promise((resolve) => setTimeout(resolve, 250));
      session.send({ type: 'tool_result', callId: toolCall.callId, ok: true, result: 1 });
      const done = await session.untilDone();
      expectOk(done, 'waited');
      if (done.durationMs < 200)
        fail(`durationMs is ${done.durationMs}, but the host held the tool call for 250 ms`);
    },
  ),
  defineCase(
    'lifecycle',
    'final-expression-value',
    {
      title: 'a final expression statement with a semicolon or trailing comment is the result',
      rule: 'code is the full guest JavaScript program to run; its final value is the result',
      section: PROTOCOL_SECTIONS.guestProgram,
    },
    async (session) => {
      session.execute({ code: '1 + 1; // the answer' });
      expectOk(await session.untilDone(), 2);
    },
  ),
];
