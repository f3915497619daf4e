import type { AskCall, AskConversation, AskTurn } from '../../../shared/api/ask';
import type { ExecuteResult } from '../../../shared/executeResult';
import type { ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';
import type { SecretMasker } from '../../secrets/createSecretMasker';
import { createStreamedTextMasker } from '../../secrets/createStreamedTextMasker';
import { NO_SECRET_MASKER } from '../../secrets/createSecretMasker';
import type { CodeModeHost } from '../codeMode/CodeModeHost';
import type { ResolvedToolProvider } from '../../engine/core/types';
import { answerTypingsTool } from '../codeMode/answerTypingsTool';
import { EXECUTE_TOOL_NAME, TYPINGS_TOOL_NAME } from '../codeMode/describeExecuteTool';
import { formatRunText } from '../codeMode/formatRunText';
import { readExecuteArguments } from '../codeMode/readExecuteArguments';
import { runForAgent } from '../codeMode/runForAgent';
import type { ModelReply, ModelSession, ModelToolCall, ModelToolResult } from './ModelSession';

export interface AskLoopOptions {
  session: ModelSession;
  /** The tools the model was given (startAskConversation says which). */
  toolNames: readonly string[];
  host: Pick<CodeModeHost, 'launcher' | 'onEvent'>;
  /** Changed in place as the conversation goes on; `onChange` is told after each change. */
  conversation: AskConversation;
  onChange(conversation: AskConversation): void;
  /** The model's text as it streams, masked (a secret split between two pieces too). */
  onText?(turn: number, delta: string): void;
  /** Masks every secret the host knows in the streamed text. */
  masker?(): SecretMasker;
  /** A turn begins: the model is asked. */
  onTurn?(turn: number): void;
  /** A tool call could not be run: what the model is told. */
  onRefused?(problem: string): void;
  /** A run of the model's code has started. */
  onRunStarted?(runId: string): void;
  /** What a run is doing now (a tool call, a wait for a person). */
  onRunProgress?(runId: string | undefined, message: string): void;
  /** Each run as it finishes, with its result. */
  onRunFinished?(runId: string, result: ExecuteResult): void;
  /** The workspace's providers now, for the typings tool. */
  resolvedProviders(): Promise<readonly ResolvedToolProvider[]>;
  /** Limits every run gets on top of the workspace's. */
  limits?: Partial<ExecutorRuntimeOptions>;
  /** Stops the loop: the model's answer in flight and the run going on are cancelled. */
  signal: AbortSignal;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Asks the model until it answers without a tool call, runs out of turns or is stopped. Each call
 * of the execute tool is a run of the workspace with origin "model: NAME" (listed, streamed,
 * held at breakpoints like any run); its result goes back in the words `execbox mcp` answers with.
 */
export async function runAskLoop(options: AskLoopOptions): Promise<AskConversation> {
  const { conversation, session, signal } = options;
  const started = performance.now();
  const changed = () => {
    conversation.version += 1;
    options.onChange(conversation);
  };
  const end = (state: AskConversation['state'], detail: { answer?: string; failure?: string } = {}) => {
    conversation.state = state;
    Object.assign(conversation, detail);
    conversation.durationMs = Math.round(performance.now() - started);
    changed();
    return conversation;
  };

  async function readTypings(
    call: ModelToolCall,
    view: AskCall,
    refuse: (problem: string) => ModelToolResult,
  ): Promise<ModelToolResult> {
    const answer = answerTypingsTool(
      await options.resolvedProviders(),
      (call.input ?? {}) as Record<string, unknown>,
    );
    if (!answer.ok) return refuse(answer.message);
    // Known names only (anything else was refused), each once: a model repeating one cannot grow the view.
    const names = answer.asked;
    view.typingsRead =
      names.length === 0
        ? 'all providers'
        : names.length > 8
          ? `${names.slice(0, 8).join(', ')} and ${names.length - 8} more`
          : names.join(', ');
    changed();
    return { id: call.id, text: answer.text, isError: false };
  }

  async function runCall(call: ModelToolCall, turn: AskTurn): Promise<ModelToolResult> {
    const view: AskCall = { callId: call.id };
    turn.calls.push(view);
    const refuse = (problem: string): ModelToolResult => {
      view.problem = problem;
      changed();
      options.onRefused?.(problem);
      return { id: call.id, text: problem, isError: true };
    };
    if (!options.toolNames.includes(call.name))
      return refuse(
        options.toolNames.length === 1
          ? `no tool named ${JSON.stringify(call.name)}: the only tool is ${EXECUTE_TOOL_NAME}`
          : `no tool named ${JSON.stringify(call.name)}: the tools are ${options.toolNames.join(' and ')}`,
      );
    if (call.problem) return refuse(`the ${call.name} tool's arguments could not be read: ${call.problem}`);
    if (call.name === TYPINGS_TOOL_NAME) return readTypings(call, view, refuse);
    const read = readExecuteArguments(call.input);
    if (!read.ok) return refuse(read.message);
    const { request } = read;
    view.code = request.code;
    request.origin = { kind: 'model', modelName: conversation.modelName };
    if (options.limits && Object.keys(options.limits).length > 0) request.limits = { ...options.limits };
    changed();
    const { runId, result, toolCalls } = await runForAgent(options.host, request, {
      signal,
      cancelReason: 'user',
      onStarted: (id) => {
        view.runId = id;
        changed();
        options.onRunStarted?.(id);
      },
      onProgress: (_progress, message) => options.onRunProgress?.(view.runId, message),
    });
    view.outcome = {
      ok: result.ok,
      toolCalls,
      durationMs: result.durationMs,
      ...(result.ok
        ? {}
        : {
            errorCode: result.error.code,
            message: result.error.message,
            ...(result.error.line ? { line: result.error.line } : {}),
          }),
    };
    changed();
    options.onRunFinished?.(runId, result);
    return { id: call.id, text: formatRunText(result), isError: !result.ok };
  }

  for (let number = 1; number <= conversation.maxTurns; number += 1) {
    if (signal.aborted) return end('stopped');
    const turn: AskTurn = { number, text: '', calls: [], state: 'answering' };
    conversation.turns.push(turn);
    changed();
    options.onTurn?.(number);
    const turnStarted = performance.now();
    let reply: ModelReply;
    const streamed = createStreamedTextMasker(options.masker ?? (() => NO_SECRET_MASKER));
    const say = (text: string) => {
      if (text) options.onText?.(number, text);
    };
    try {
      reply = await session.reply(signal, (delta) => {
        turn.text += delta;
        say(streamed.push(delta));
      });
      say(streamed.flush());
    } catch (error) {
      turn.state = 'done';
      turn.durationMs = Math.round(performance.now() - turnStarted);
      if (signal.aborted) return end('stopped');
      return end('failed', { failure: `the model server failed: ${errorText(error)}` });
    }
    turn.text = reply.text;
    if (reply.inputTokens !== undefined) turn.inputTokens = reply.inputTokens;
    if (reply.outputTokens !== undefined) turn.outputTokens = reply.outputTokens;
    if (reply.toolCalls.length === 0) {
      turn.state = 'done';
      turn.durationMs = Math.round(performance.now() - turnStarted);
      return end('answered', { answer: reply.text });
    }
    turn.state = 'running';
    changed();
    const results: ModelToolResult[] = [];
    for (const call of reply.toolCalls) results.push(await runCall(call, turn));
    session.addToolResults(results);
    turn.state = 'done';
    turn.durationMs = Math.round(performance.now() - turnStarted);
    changed();
  }
  if (signal.aborted) return end('stopped');
  return end('out_of_turns', {
    failure: `the model used all ${conversation.maxTurns} turns without a final answer`,
  });
}
