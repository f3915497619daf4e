/** A tool a model gets, as `execbox mcp` lists it. */
export interface ModelTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** A tool call as the model made it: its input, or why the input could not be read. */
export interface ModelToolCall {
  id: string;
  name: string;
  input?: unknown;
  /** Set when the arguments were not a JSON object (the model is told so). */
  problem?: string;
}

export interface ModelReply {
  text: string;
  toolCalls: ModelToolCall[];
  inputTokens?: number;
  outputTokens?: number;
}

export interface ModelToolResult {
  id: string;
  text: string;
  isError: boolean;
}

/**
 * One conversation with a model in its own wire format: the session keeps the history (the task,
 * each reply, each tool result) the way its API wants it.
 */
export interface ModelSession {
  /** The model's next reply; `onText` hears its text as it streams. Rejects when `signal` aborts. */
  reply(signal: AbortSignal, onText: (delta: string) => void): Promise<ModelReply>;
  /** Answers the tool calls of the last reply. */
  addToolResults(results: readonly ModelToolResult[]): void;
}

export interface ModelSessionOptions {
  baseUrl: string;
  model: string;
  /** The key's value, read from the secret store just before use. */
  apiKey?: string;
  stream: boolean;
  maxTokens: number;
  system: string;
  task: string;
  /** `execute`, and `typings` when the declarations did not fit in execute's description. */
  tools: readonly ModelTool[];
}

export const DEFAULT_MAX_TOKENS = 4096;
