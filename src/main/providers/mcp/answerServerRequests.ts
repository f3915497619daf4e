import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  McpError,
  type CreateMessageResult,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import type {
  ElicitationAnswer,
  SamplingAnswer,
  ServerRequestAnswer,
  ServerRequestKind,
  ServerRequestRules,
} from '../../../shared/api/providers';
import type { ExecutionClock, ToolExecutionContext } from '../../engine/core/types';
import { conditionsHold } from '../mock/findMockOutcome';
import { checkServerRequestAnswer } from './checkServerRequestAnswer';
import type { ServerRequestBroker } from './ServerRequestBroker';

/** The MCP spec's error code for a sampling request the user rejected. */
const USER_REJECTED = -1;
const NOBODY_TO_ASK = 'no workspace rule answers it and no person is there to ask';

/** A tool call in flight on the connection, which a server request is attributed to. */
export interface RunningCall {
  context: ToolExecutionContext;
  /** The call's MCP request deadline, held with the run's clock while a person answers. */
  deadline?: ExecutionClock;
}

export interface ServerRequestOptions {
  providerName: string;
  rules(): ServerRequestRules | undefined;
  broker?: ServerRequestBroker;
  /**
   * The call the server asks during: MCP over stdio does not say which request a server request
   * belongs to, so this is the connection's latest call still in flight.
   */
  currentCall(): RunningCall | undefined;
}

type Decided = {
  answer: ServerRequestAnswer;
  by: 'person' | 'rule' | 'nobody';
  reason?: string;
  heldMs?: number;
};

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const DECLINE: ServerRequestAnswer = { action: 'decline' };

/**
 * Declares nothing itself (connectMcpClient declares the `elicitation` and `sampling`
 * capabilities); answers the server's `elicitation/create` and `sampling/createMessage` requests:
 * a matching workspace rule first, else a person through the broker (the call's clock held
 * meanwhile), else a clean decline. Each request and its answer go into the call's transcript.
 */
export function answerServerRequests(client: Client, options: ServerRequestOptions): void {
  const decide = async (
    kind: ServerRequestKind,
    params: Record<string, unknown>,
    requestedSchema: Record<string, unknown> | undefined,
    serverSignal: AbortSignal,
    call: RunningCall | undefined,
  ): Promise<Decided> => {
    const rules = options.rules()?.[kind] ?? [];
    const rule = rules.find((candidate) => conditionsHold(candidate.when ?? [], params));
    if (rule) {
      try {
        return { answer: checkServerRequestAnswer(kind, rule.then, requestedSchema), by: 'rule' };
      } catch (error) {
        return {
          answer: DECLINE,
          by: 'rule',
          reason: `the workspace rule's answer was not sent: ${describe(error)}`,
        };
      }
    }
    const broker = options.broker;
    if (!broker?.canAsk()) return { answer: DECLINE, by: 'nobody', reason: NOBODY_TO_ASK };
    const signal = call ? AbortSignal.any([serverSignal, call.context.signal]) : serverSignal;
    const clock = call?.context.clock;
    const started = performance.now();
    clock?.pause();
    call?.deadline?.pause();
    try {
      const context = call?.context;
      const about = {
        providerName: options.providerName,
        ...(context ? { toolName: context.safeToolName } : {}),
        ...(context?.callId ? { callId: context.callId } : {}),
      };
      const answer = await broker.ask(
        kind === 'elicitation'
          ? { ...about, kind, message: String(params.message ?? ''), requestedSchema: requestedSchema ?? {} }
          : { ...about, kind, params },
        signal,
      );
      return { answer, by: 'person', heldMs: performance.now() - started };
    } catch (error) {
      const reason = serverSignal.aborted
        ? 'the server withdrew the request'
        : call?.context.signal.aborted
          ? 'the tool call ended before anyone answered'
          : describe(error);
      return {
        answer: kind === 'elicitation' ? { action: 'cancel' } : { action: 'decline' },
        by: 'nobody',
        reason,
        heldMs: performance.now() - started,
      };
    } finally {
      call?.deadline?.resume();
      clock?.resume();
    }
  };

  const handle = async (
    kind: ServerRequestKind,
    params: Record<string, unknown>,
    requestedSchema: Record<string, unknown> | undefined,
    serverSignal: AbortSignal,
  ): Promise<Decided> => {
    const call = options.currentCall();
    const requestId = randomUUID();
    const callId = call?.context.callId;
    const record = callId ? call.context.onEvent : undefined;
    record?.({
      type: 'server_request',
      callId: callId!,
      requestId,
      kind,
      providerName: options.providerName,
      params,
    });
    const decided = await decide(kind, params, requestedSchema, serverSignal, call);
    const { answer } = decided;
    record?.({
      type: 'server_request_answered',
      callId: callId!,
      requestId,
      kind,
      by: decided.by,
      action: answer.action,
      ...(answer.action === 'accept' ? { answer: 'content' in answer ? answer.content : answer.text } : {}),
      ...(decided.reason ? { reason: decided.reason } : {}),
      ...(decided.heldMs !== undefined ? { heldMs: Math.round(decided.heldMs) } : {}),
    });
    return decided;
  };

  client.setRequestHandler(ElicitRequestSchema, async (request, extra): Promise<ElicitResult> => {
    const params = request.params as Record<string, unknown>;
    // The form as the MCP schema defines it, unknown keywords dropped: a server's `pattern` (say)
    // never reaches the validator, so it cannot make checking an answer slow.
    const parsed = ElicitRequestSchema.safeParse(request);
    const requestedSchema =
      parsed.success && parsed.data.params.mode !== 'url'
        ? (parsed.data.params.requestedSchema as Record<string, unknown>)
        : undefined;
    const { answer } = await handle('elicitation', params, requestedSchema, extra.signal);
    const elicitation = answer as ElicitationAnswer;
    return elicitation.action === 'accept'
      ? { action: 'accept', content: elicitation.content }
      : { action: elicitation.action };
  });

  client.setRequestHandler(
    CreateMessageRequestSchema,
    async (request, extra): Promise<CreateMessageResult> => {
      const decided = await handle(
        'sampling',
        request.params as unknown as Record<string, unknown>,
        undefined,
        extra.signal,
      );
      const answer = decided.answer as SamplingAnswer;
      if (answer.action === 'decline') {
        throw new McpError(
          USER_REJECTED,
          answer.message ??
            (decided.by === 'nobody'
              ? `The client declined the sampling request: ${decided.reason ?? NOBODY_TO_ASK}`
              : `The ${decided.by === 'rule' ? "workspace's rule" : 'user'} declined the sampling request${decided.reason ? ` (${decided.reason})` : ''}`),
        );
      }
      return {
        role: 'assistant',
        content: { type: 'text', text: answer.text },
        model: answer.model ?? (decided.by === 'rule' ? 'execbox-workspace-rule' : 'execbox-person'),
        stopReason: answer.stopReason ?? 'endTurn',
      };
    },
  );
}
