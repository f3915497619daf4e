import { randomUUID } from 'node:crypto';
import { isExecuteErrorCode } from '../../../shared/errors';
import type { ManualAnswer, ManualCallRequest, ProvidersEvent } from '../../../shared/api/providers';
import { toolError } from '../toolError';

interface PendingCall {
  request: ManualCallRequest;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/** The longest a manual call waits for a person's answer; then it fails, so no run waits for ever. */
export const MAX_MANUAL_WAIT_MS = 10 * 60_000;

export interface ManualCallBrokerOptions {
  /** Whether anyone could answer now (the app's window, a browser tab); without one a call fails at once. */
  personPresent?: () => boolean;
  maxWaitMs?: number;
}

/** Hands manual mock tool calls to the UI and waits for its answer (or for the run to be cancelled). */
export class ManualCallBroker {
  private readonly pendingCalls = new Map<string, PendingCall>();

  constructor(
    private readonly emit: (event: ProvidersEvent) => void,
    private readonly options: ManualCallBrokerOptions = {},
  ) {}

  /** `onAsked` hears the request's id once a person is asked (the run records it). */
  ask(
    call: Omit<ManualCallRequest, 'requestId'>,
    signal: AbortSignal,
    onAsked?: (requestId: string) => void,
  ): Promise<unknown> {
    signal.throwIfAborted();
    const tool = `${call.providerName}.${call.toolName}`;
    if (!(this.options.personPresent?.() ?? false))
      throw toolError(
        'tool_error',
        `${tool} is a manual mock tool (a person answers each call by hand) and nobody can answer here: ` +
          'no playground window or page is open. Set the tool to a fixed or rules response to use it unattended.',
      );
    const maxWaitMs = this.options.maxWaitMs ?? MAX_MANUAL_WAIT_MS;
    const request: ManualCallRequest = { requestId: randomUUID(), ...call };
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        this.settle(request.requestId);
        done();
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        this.settle(request.requestId);
        done();
        reject(
          toolError(
            'tool_error',
            `nobody answered ${tool} (a manual mock tool) within ${Math.round(maxWaitMs / 1000)} s, so the call failed`,
          ),
        );
      }, maxWaitMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.pendingCalls.set(request.requestId, {
        request,
        resolve: (result) => {
          done();
          resolve(result);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      this.emit({ channel: 'providers', type: 'manual_call', ...request });
      onAsked?.(request.requestId);
    });
  }

  answer(requestId: string, answer: ManualAnswer): void {
    const pending = this.pendingCalls.get(requestId);
    if (!pending) throw new Error(`no manual tool call is waiting with id '${requestId}'`);
    if (answer.ok) {
      this.settle(requestId);
      pending.resolve(answer.result);
      return;
    }
    if (!isExecuteErrorCode(answer.code)) {
      throw new Error(`answer.code '${answer.code}' is not an execbox error code`);
    }
    this.settle(requestId);
    pending.reject(toolError(answer.code, answer.message));
  }

  pending(): ManualCallRequest[] {
    return [...this.pendingCalls.values()].map((p) => p.request);
  }

  /** Rejects every waiting call (the host is closing or the workspace changed). */
  cancelAll(reason: string): void {
    for (const [requestId, pending] of this.pendingCalls) {
      this.settle(requestId);
      pending.reject(toolError('tool_error', reason));
    }
  }

  private settle(requestId: string): void {
    if (this.pendingCalls.delete(requestId)) {
      this.emit({ channel: 'providers', type: 'manual_call_settled', requestId });
    }
  }
}
