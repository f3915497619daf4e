import { randomUUID } from 'node:crypto';
import type { ProvidersEvent, ServerRequest, ServerRequestAnswer } from '../../../shared/api/providers';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { checkServerRequestAnswer } from './checkServerRequestAnswer';

type NewServerRequest = ServerRequest extends infer R
  ? R extends ServerRequest
    ? Omit<R, 'requestId' | 'askedAt'>
    : never
  : never;

interface Waiting {
  request: ServerRequest;
  resolve(answer: ServerRequestAnswer): void;
  reject(reason: Error): void;
}

/**
 * Hands MCP servers' elicitation and sampling requests to a person (the app's window or a browser
 * tab) and waits for the answer, or for the request to be withdrawn. `personPresent` says whether
 * anyone could answer now; without one the caller declines instead of asking.
 */
export class ServerRequestBroker {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly emit: (event: ProvidersEvent) => void,
    private readonly personPresent: () => boolean = () => false,
  ) {}

  canAsk(): boolean {
    return this.personPresent();
  }

  /** Resolves with the person's answer; rejects with the signal's reason when it aborts first. */
  ask(request: NewServerRequest, signal: AbortSignal): Promise<ServerRequestAnswer> {
    signal.throwIfAborted();
    const full = { ...request, requestId: randomUUID(), askedAt: Date.now() } as ServerRequest;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.settle(full.requestId);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(full.requestId, {
        request: full,
        resolve: (answer) => {
          signal.removeEventListener('abort', onAbort);
          resolve(answer);
        },
        reject: (reason) => {
          signal.removeEventListener('abort', onAbort);
          reject(reason);
        },
      });
      this.emit({ channel: 'providers', type: 'server_request', request: full });
    });
  }

  /** Checks the answer against the request (an elicitation's content against its schema), then sends it. */
  answer(requestId: string, answer: unknown): void {
    const waiting = this.waiting.get(requestId);
    if (!waiting)
      throw new InvalidArgumentError(
        `no server request is waiting with id '${requestId}' (it was answered or its tool call ended)`,
      );
    const { request } = waiting;
    const checked = checkServerRequestAnswer(
      request.kind,
      answer,
      request.kind === 'elicitation' ? request.requestedSchema : undefined,
    );
    this.settle(requestId);
    waiting.resolve(checked);
  }

  pending(): ServerRequest[] {
    return [...this.waiting.values()].map((w) => w.request);
  }

  /** Withdraws every waiting request (the workspace closed, the app is closing): `ask` rejects with `reason`. */
  cancelAll(reason: string): void {
    for (const [requestId, waiting] of this.waiting) {
      this.settle(requestId);
      waiting.reject(new Error(reason));
    }
  }

  private settle(requestId: string): void {
    if (this.waiting.delete(requestId)) {
      this.emit({ channel: 'providers', type: 'server_request_settled', requestId });
    }
  }
}
