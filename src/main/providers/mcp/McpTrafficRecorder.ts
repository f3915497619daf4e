import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import {
  MCP_TRAFFIC_MESSAGE_BYTES,
  MCP_TRAFFIC_PREVIEW_CHARS,
  type McpTrafficMessage,
} from '../../../shared/api/mcpInspect';

export type NewTrafficMessage = Omit<McpTrafficMessage, 'seq' | 'at'>;

/** Requests waiting for their answer, per direction; a server that never answers cannot grow it past this. */
const MAX_OPEN_REQUESTS = 1_000;

interface OpenRequest {
  method: string;
  callId?: string;
}

/**
 * Describes each message of one connection for the traffic log: kind, method (a response gets its
 * request's), size, and the guest's tool call it belongs to (see `tagNextToolCall`).
 */
export class McpTrafficRecorder {
  /** Requests we sent, by id (the server's answers name them), and the server's requests to us. */
  private readonly sent = new Map<RequestId, OpenRequest>();
  private readonly received = new Map<RequestId, OpenRequest>();
  private pendingCallId: string | undefined;
  private taggedId: RequestId | undefined;
  /** From the server's answer to `initialize`. */
  protocolVersion: string | undefined;

  constructor(
    readonly connection: number,
    private readonly emit: (message: NewTrafficMessage) => void,
  ) {}

  /**
   * Runs `send` (which must send one tools/call request synchronously, as the SDK's callTool does),
   * marks that request and its answer with `callId`, and returns the request's JSON-RPC id.
   */
  tagNextToolCall<T>(callId: string, send: () => T): { sent: T; rpcId: RequestId | undefined } {
    this.pendingCallId = callId;
    this.taggedId = undefined;
    try {
      const sent = send();
      return { sent, rpcId: this.taggedId };
    } finally {
      this.pendingCallId = undefined;
    }
  }

  record(direction: 'sent' | 'received', message: JSONRPCMessage): void {
    const text = JSON.stringify(message);
    const bytes = Buffer.byteLength(text, 'utf8');
    const base = {
      direction,
      connection: this.connection,
      bytes,
      ...(bytes <= MCP_TRAFFIC_MESSAGE_BYTES
        ? { message }
        : { preview: `${text.slice(0, MCP_TRAFFIC_PREVIEW_CHARS)}…` }),
    };
    const ours = direction === 'sent' ? this.sent : this.received;
    const theirs = direction === 'sent' ? this.received : this.sent;
    if ('method' in message && 'id' in message) {
      const open: OpenRequest = { method: message.method };
      if (direction === 'sent' && message.method === 'tools/call' && this.pendingCallId !== undefined) {
        open.callId = this.pendingCallId;
        this.taggedId = message.id;
        this.pendingCallId = undefined;
      }
      if (ours.size >= MAX_OPEN_REQUESTS) ours.delete(ours.keys().next().value!);
      ours.set(message.id, open);
      this.emit({ ...base, kind: 'request', method: message.method, rpcId: message.id, ...callIdOf(open) });
      return;
    }
    if ('method' in message) {
      const related = relatedRequest(message.params, this.sent, this.received);
      this.emit({ ...base, kind: 'notification', method: message.method, ...callIdOf(related) });
      return;
    }
    const id = 'id' in message ? message.id : undefined;
    const answered = id === undefined ? undefined : theirs.get(id);
    if (id !== undefined) theirs.delete(id);
    if (answered?.method === 'initialize' && 'result' in message) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') this.protocolVersion = version;
    }
    this.emit({
      ...base,
      kind: 'error' in message ? 'error' : 'response',
      ...(answered ? { method: answered.method } : {}),
      ...(id !== undefined ? { rpcId: id } : {}),
      ...callIdOf(answered),
    });
  }
}

function callIdOf(open: OpenRequest | undefined): { callId?: string } {
  return open?.callId === undefined ? {} : { callId: open.callId };
}

/** Progress and cancellation name a request (by progress token or request id), usually one we sent. */
function relatedRequest(
  params: unknown,
  sent: Map<RequestId, OpenRequest>,
  received: Map<RequestId, OpenRequest>,
): OpenRequest | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const fields = params as { requestId?: unknown; progressToken?: unknown };
  const id = fields.requestId ?? fields.progressToken;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return sent.get(id) ?? received.get(id);
}
