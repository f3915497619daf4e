import type { ExecuteErrorCode } from '../errors';

/** The wire format a model endpoint speaks. */
export const MODEL_APIS = ['openai', 'anthropic'] as const;
export type ModelApi = (typeof MODEL_APIS)[number];

/**
 * A model the person can ask, kept in the app's settings (never in a workspace file): an OpenAI
 * compatible chat completions server (OpenAI, Ollama, llama.cpp, vLLM, LM Studio) or Anthropic's
 * Messages API. The key is only named: its value lives in the secret store.
 */
export interface ModelEndpoint {
  /** What the person calls it; runs it makes have origin "model: NAME". */
  name: string;
  api: ModelApi;
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1, https://api.anthropic.com */
  baseUrl: string;
  /** The model id the server knows (gpt-4o, claude-sonnet-4-5, qwen2.5-coder…). */
  model: string;
  /** The secret holding the API key; absent for local servers that need none. */
  keySecret?: string;
  /** Stream the answer as it comes (default); some local servers stream tool calls badly. */
  stream?: boolean;
  /** The longest answer a turn may have, in tokens (Anthropic requires one; default 4096). */
  maxTokens?: number;
}

export type AskState = 'running' | 'answered' | 'failed' | 'out_of_turns' | 'stopped';

/** How one execute call the model made ended, in short (the run has the rest). */
export interface AskRunOutcome {
  ok: boolean;
  errorCode?: ExecuteErrorCode;
  /** The error's message, when it failed. */
  message?: string;
  /** The line of the model's code the error names. */
  line?: number;
  /** Tool calls the code made. */
  toolCalls: number;
  durationMs: number;
}

/** One tool call of a turn: the code and its run, or why no run was made (malformed arguments). */
export interface AskCall {
  callId: string;
  code?: string;
  runId?: string;
  outcome?: AskRunOutcome;
  /** Why the arguments could not be run: what the model was told. */
  problem?: string;
  /** A call of the typings tool: which declarations the model read ("all providers", or the names). */
  typingsRead?: string;
}

export interface AskTurn {
  /** 1-based. */
  number: number;
  /** The model's text in this turn (streamed as it comes). */
  text: string;
  calls: AskCall[];
  inputTokens?: number;
  outputTokens?: number;
  /** The model's answer time plus its runs' time; absent while the turn goes on. */
  durationMs?: number;
  state: 'answering' | 'running' | 'done';
}

export interface AskConversation {
  id: string;
  /** The endpoint's name (the origin of its runs). */
  modelName: string;
  task: string;
  state: AskState;
  turns: AskTurn[];
  maxTurns: number;
  /** The model's final answer, once answered. */
  answer?: string;
  /** Why it failed (the model's server refused, the turn limit, …), in plain words. */
  failure?: string;
  startedAt: string;
  durationMs?: number;
  /** Rises with every change; a newer one always wins. */
  version: number;
  /** Set when it was started as one side of a comparison. */
  compareGroup?: string;
}

export interface AskRequest {
  /** An endpoint's name from the settings. */
  model: string;
  task: string;
  maxTurns?: number;
  compareGroup?: string;
}

export const DEFAULT_MAX_TURNS = 8;
export const MAX_MAX_TURNS = 50;
export const MAX_TASK_CHARS = 20_000;

export interface AskApi {
  models(): Promise<ModelEndpoint[]>;
  /** Adds an endpoint, or replaces the one named `replacing` (or of the same name). */
  saveModel(endpoint: ModelEndpoint, replacing?: string): Promise<ModelEndpoint[]>;
  deleteModel(name: string): Promise<ModelEndpoint[]>;
  start(request: AskRequest): Promise<{ conversationId: string }>;
  stop(conversationId: string): Promise<void>;
  /** The conversations the host keeps (the most recent ones), oldest first. */
  list(): Promise<AskConversation[]>;
}

export const ASK_API_METHODS = [
  'models',
  'saveModel',
  'deleteModel',
  'start',
  'stop',
  'list',
] as const satisfies readonly (keyof AskApi)[];

export type AskEvent =
  | { channel: 'ask'; type: 'models'; models: ModelEndpoint[] }
  | { channel: 'ask'; type: 'conversation'; conversation: AskConversation }
  | { channel: 'ask'; type: 'text'; conversationId: string; turn: number; delta: string };
