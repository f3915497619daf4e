import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCErrorResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The MCP SDK puts "MCP error CODE: " before every McpError's message, and its client adds the same
 * again, so a client log read "MCP error -32602: MCP error -32602: …". Error responses leave with the
 * message alone (the code is in its own field).
 */
export function withPlainErrorMessages<T extends Transport>(transport: T): T {
  const plain = (message: JSONRPCMessage): JSONRPCMessage => {
    if (!isJSONRPCErrorResponse(message)) return message;
    const prefix = `MCP error ${message.error.code}: `;
    if (!message.error.message.startsWith(prefix)) return message;
    return { ...message, error: { ...message.error, message: message.error.message.slice(prefix.length) } };
  };
  return new Proxy(transport, {
    get(target, key) {
      if (key === 'send')
        return (message: JSONRPCMessage, options?: Parameters<Transport['send']>[1]) =>
          target.send(plain(message), options);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
