export type Unsubscribe = () => void;

/**
 * The one shape of every runner boundary (utility process, child process, worker, WebSocket, stdio,
 * in-memory). Incoming messages are delivered raw (`unknown`): the receiving side parses them.
 */
export interface Transport<Outgoing, Incoming = unknown> {
  send(message: Outgoing): void;
  onMessage(listener: (message: Incoming) => void): Unsubscribe;
  /** Called once when the peer goes away; late subscribers get the first reason replayed. */
  onClose(listener: (reason: string) => void): Unsubscribe;
  onError(listener: (error: Error) => void): Unsubscribe;
  /**
   * Runner side, optional: messages that arrived while this thread was busy, read synchronously
   * (from the guest's interrupt handler). They are not emitted: the caller handles them.
   */
  drainSync?(): unknown[];
  /** Hard stop: kill the process/worker or close the socket now. */
  terminate(): void;
  /** Release this session's hold on the transport (a no-op for pooled, borrowed transports). */
  dispose(): void;
}
