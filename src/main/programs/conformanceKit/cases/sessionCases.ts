import { fail } from '../CaseFailure';
import { defineCase, SILENCE_MS } from '../conformanceCase';
import { expectErrorCode, expectOk, expectType } from '../expectations';

export const sessionCases = [
  defineCase(
    'session',
    'second-execute-rejected',
    {
      title: 'a second execute while one is active gets its own done with internal_error',
      rule: 'if the runner receives a second execute while one execution is active, it should reject that new request with a terminal done carrying internal_error',
      level: 'should',
    },
    async (session) => {
      const secondId = `${session.id}-second`;
      session.execute({ code: 'const v = await tools.echo("first"); v' });
      expectType(await session.next('started'), 'started', 'first');
      const call = expectType(await session.next('tool_call'), 'tool_call', 'for tools.echo');
      session.execute({ id: secondId, code: '"second"' });
      const rejection = await session.untilDone(secondId, () => 'no-answer');
      expectErrorCode(rejection, 'internal_error');
      session.send({ type: 'tool_result', callId: call.callId, ok: true, result: 'first' });
      expectOk(await session.untilDone(), 'first');
      const startedForSecond = session.received.some((m) => m.type === 'started' && m.id === secondId);
      if (startedForSecond) fail('the runner sent started for the rejected second execute');
    },
  ),
  defineCase(
    'session',
    'first-survives-second',
    {
      title: 'the active execution is unaffected by a rejected second execute',
      rule: 'one transport session carries exactly one active execution',
    },
    async (session) => {
      session.execute({
        code: 'console.log("one"); const v = await tools.echo(2); console.log("two"); v * 21',
      });
      expectType(await session.next('started'), 'started', 'first');
      const call = expectType(await session.next('tool_call'), 'tool_call', 'for tools.echo');
      session.execute({ id: `${session.id}-intruder`, code: 'console.log("intruder"); 0' });
      session.send({ type: 'tool_result', callId: call.callId, ok: true, result: 2 });
      const done = await session.untilDone();
      expectOk(done, 42);
      if (done.logs.join('\n') !== 'one\ntwo')
        fail(`the active execution's logs were disturbed: ${JSON.stringify(done.logs)}`);
      await session.expectSilence(SILENCE_MS, 'done');
    },
  ),
];
