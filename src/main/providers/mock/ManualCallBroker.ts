import { randomUUID } from 'node:crypto';
import { isExecuteErrorCode } from '../../../shared/errors';
import type { ManualAnswer, ManualCallRequest, ProvidersEvent } from '../../../shared/api/providers';
import { toolError } from '../toolError';

interface PendingCall {
  request: ManualCallRequest;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/** Hands manual mock tool calls to the UI and waits for its answer (or for the run to be cancelled). */
export class ManualCallBroker {
  private readonly pendingCalls = new Map<string, PendingCall>();

  constructor(private readonly emit: (event: ProvidersEvent) => void) {}

  ask(call: Omit<ManualCallRequest, 'requestId'>, signal: AbortSignal): Promise<unknown> {
    signal.throwIfAborted();
    const request: ManualCallRequest = { requestId: randomUUID(), ...call };
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.settle(request.requestId);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pendingCalls.set(request.requestId, {
        request,
        resolve: (result) => {
          signal.removeEventListener('abort', onAbort);
          resolve(result);
        },
        reject: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      });
      this.emit({ channel: 'providers', type: 'manual_call', ...request });
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
