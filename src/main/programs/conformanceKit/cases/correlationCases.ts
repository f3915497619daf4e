import type { ToolCallMessage } from '../../../../shared/protocol/messages';
import { fail } from '../CaseFailure';
import { defineCase } from '../conformanceCase';
import { expectEqual, expectOk, expectType, toolCallsIn } from '../expectations';

export const correlationCases = [
  defineCase(
    'correlation',
    'results-by-call-id',
    {
      title: 'parallel calls answered in reverse order each resolve with their own result',
      rule: 'tool_result.callId must correlate exactly one pending tool Promise; the runner must match tool_result by callId',
    },
    async (session) => {
      session.execute({ code: 'await Promise.all([tools.echo("a"), tools.echo("b"), tools.echo("c")])' });
      expectType(await session.next('started'), 'started', 'first');
      const calls: ToolCallMessage[] = [];
      for (let i = 0; i < 3; i++)
        calls.push(expectType(await session.next('a tool_call'), 'tool_call', `#${i + 1}`));
      for (const call of [...calls].reverse()) {
        session.send({
          type: 'tool_result',
          callId: call.callId,
          ok: true,
          result: `${String(call.input)}!`,
        });
      }
      expectOk(await session.untilDone(), ['a!', 'b!', 'c!']);
    },
  ),
  defineCase(
    'correlation',
    'unique-call-ids',
    {
      title: 'every tool_call of an execution has its own callId',
      rule: 'callId must uniquely identify one tool invocation within the execution; the runner must not emit a second tool_call with the same callId',
    },
    async (session) => {
      session.execute({
        code: 'for (let i = 0; i < 3; i++) await tools.echo(i); await Promise.all([tools.echo(3), tools.echo(4)]); "ok"',
      });
      expectOk(await session.untilDone(), 'ok');
      const ids = toolCallsIn(session.received).map((call) => call.callId);
      if (new Set(ids).size !== ids.length) fail(`callIds repeat: ${JSON.stringify(ids)}`);
      expectEqual(ids.length, 5, 'the number of tool_call messages');
    },
  ),
  defineCase(
    'correlation',
    'unknown-call-id-ignored',
    {
      title: 'a tool_result for an unknown callId does not settle anything',
      rule: 'tool_result.callId must correlate exactly one pending tool Promise',
    },
    async (session) => {
      session.execute({ code: 'await tools.echo("real")' });
      expectType(await session.next('started'), 'started', 'first');
      const call = expectType(await session.next('tool_call'), 'tool_call', 'for tools.echo');
      session.send({ type: 'tool_result', callId: `${call.callId}-unknown`, ok: true, result: 'wrong' });
      session.send({ type: 'tool_result', callId: call.callId, ok: true, result: 'right' });
      expectOk(await session.untilDone(), 'right');
    },
  ),
  defineCase(
    'correlation',
    'settled-call-id-inactive',
    {
      title: 'a second tool_result for a settled callId changes nothing',
      rule: 'after a tool Promise settles, the associated callId is no longer active',
    },
    async (session) => {
      session.execute({
        code: 'const first = await tools.echo(1); const second = await tools.echo(2); [first, second]',
      });
      expectType(await session.next('started'), 'started', 'first');
      const call = expectType(await session.next('tool_call'), 'tool_call', 'for the first tools.echo');
      session.send({ type: 'tool_result', callId: call.callId, ok: true, result: 'one' });
      session.send({ type: 'tool_result', callId: call.callId, ok: true, result: 'duplicate' });
      expectOk(await session.untilDone(), ['one', 2]);
    },
  ),
  defineCase(
    'correlation',
    'execution-id-echoed',
    {
      title: 'started and done carry the execute id exactly, whatever its characters',
      rule: 'id identifies the execution session; done.id must match the active execution id',
    },
    async (session) => {
      const id = 'exec-ünïcödé/with spaces:1';
      session.execute({ id, code: '"ok"' });
      const started = expectType(await session.next('started'), 'started', 'first');
      expectEqual(started.id, id, 'started.id');
      const done = await session.untilDone(id);
      expectOk(done, 'ok');
    },
  ),
];
