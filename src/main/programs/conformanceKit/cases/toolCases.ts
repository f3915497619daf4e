import { FIRECRAWL_PROVIDER, TOOLS_PROVIDER } from '../caseProviders';
import { fail } from '../CaseFailure';
import { defineCase } from '../conformanceCase';
import { expectEqual, expectOk, expectType, toolCallsIn } from '../expectations';

export const toolCases = [
  defineCase(
    'tools',
    'round-trip',
    {
      title: 'a tool call pauses the guest until its tool_result, then resumes it with the result',
      rule: 'the runner must create a pending Promise, emit tool_call, wait for a tool_result with the same callId, resolve the Promise and resume the same guest execution after the await',
    },
    async (session) => {
      session.execute({ code: 'const page = await tools.echo({ title: "Example" }); page.title + "!"' });
      expectType(await session.next('started'), 'started', 'first');
      const call = expectType(await session.next('tool_call'), 'tool_call', 'for tools.echo');
      expectEqual(call.providerName, 'tools', 'tool_call.providerName');
      expectEqual(call.safeToolName, 'echo', 'tool_call.safeToolName');
      expectEqual(call.input, { title: 'Example' }, 'tool_call.input');
      session.send({ type: 'tool_result', callId: call.callId, ok: true, result: { title: 'Answer' } });
      expectOk(await session.untilDone(), 'Answer!');
    },
  ),
  defineCase(
    'tools',
    'namespace-and-safe-name',
    {
      title: "each manifest is a global namespace whose properties are the tools' safe names",
      rule: 'each ProviderManifest becomes one guest-visible global namespace whose property names are the manifest tool safeName values; providerName and safeToolName must match the injected namespace/tool pair',
    },
    async (session) => {
      session.execute({
        code: 'await firecrawl.scrape_url({ url: "https://example.com" })',
        providers: [TOOLS_PROVIDER, FIRECRAWL_PROVIDER],
      });
      const done = await session.untilDone();
      const [call] = toolCallsIn(session.received);
      if (!call) fail('the guest call to firecrawl.scrape_url produced no tool_call');
      expectEqual(
        [call.providerName, call.safeToolName],
        ['firecrawl', 'scrape_url'],
        'the tool_call target',
      );
      expectOk(done, { url: 'https://example.com' });
    },
  ),
  defineCase(
    'tools',
    'promise-returning',
    {
      title: 'tools are functions that return Promises',
      rule: 'each tool must be an async or Promise-returning function',
    },
    async (session) => {
      session.execute({
        code: 'const pending = tools.echo(1); const isPromise = typeof tools.echo === "function" && typeof pending.then === "function"; await pending; isPromise',
      });
      expectOk(await session.untilDone(), true);
    },
  ),
  defineCase(
    'tools',
    'first-argument-only',
    {
      title: 'only the first argument is sent as input',
      rule: 'only the first guest argument is transported as tool input',
    },
    async (session) => {
      session.execute({ code: 'await tools.echo({ a: 1 }, { b: 2 }, 3)' });
      const done = await session.untilDone();
      expectEqual(toolCallsIn(session.received)[0]?.input, { a: 1 }, 'tool_call.input');
      expectOk(done, { a: 1 });
    },
  ),
  defineCase(
    'tools',
    'omitted-input',
    {
      title: 'a call without arguments sends no input',
      rule: 'omitted input is treated as undefined (a JSON transport may omit the input field)',
    },
    async (session) => {
      session.execute({ code: 'const r = await tools.echo(); r === undefined' });
      const done = await session.untilDone();
      const call = toolCallsIn(session.received)[0];
      if (!call) fail('tools.echo() produced no tool_call');
      if (call.input !== undefined) fail(`expected no input, got ${JSON.stringify(call.input)}`);
      expectOk(done, true);
    },
  ),
  defineCase(
    'tools',
    'trusted-error-rejects',
    {
      title: 'a failing tool_result rejects the guest await with the trusted message and code',
      rule: 'a failing tool_result rejects the Promise with an Error-like value whose .message is the trusted host message and whose .code is the trusted host error code',
    },
    async (session) => {
      session.execute({
        code: 'let seen = "not rejected"; try { await tools.fail({}) } catch (error) { seen = [error instanceof Error, error.message, error.code] } seen',
      });
      const done = await session.untilDone();
      expectOk(done, [true, 'tool failed', 'tool_error']);
    },
  ),
  defineCase(
    'tools',
    'undefined-result',
    {
      title: 'a successful tool_result without result resolves to undefined',
      rule: 'a successful tool_result resolves the Promise to result; undefined is transport-safe',
    },
    async (session) => {
      session.execute({ code: 'const r = await tools.echo(); typeof r' });
      expectOk(await session.untilDone(), 'undefined');
    },
  ),
  defineCase(
    'tools',
    'sequential-and-parallel-calls',
    {
      title: 'several calls, in sequence and in parallel, each get their own tool_call',
      rule: 'tool_call and tool_result may repeat zero or more times before done; callId must uniquely identify one tool invocation within the execution',
    },
    async (session) => {
      session.execute({
        code: 'const first = await tools.echo("a"); const rest = await Promise.all([tools.echo("b"), tools.echo("c")]); [first, ...rest]',
      });
      const done = await session.untilDone();
      expectOk(done, ['a', 'b', 'c']);
      expectEqual(toolCallsIn(session.received).length, 3, 'the number of tool_call messages');
    },
  ),
];
