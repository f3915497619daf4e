/** Starting point; the providers issue owns the exact config shapes (they are the workspace file's). */
export type ProviderKind = 'mock' | 'mcp' | 'tpmjs' | 'module';

export interface ProviderConfigBase {
  id: string;
  /** The guest namespace. */
  name: string;
  kind: ProviderKind;
}

export type ProviderConfig = ProviderConfigBase & Record<string, unknown>;

export interface ProviderStatus {
  id: string;
  name: string;
  kind: ProviderKind;
  state: 'connecting' | 'ready' | 'error' | 'awaiting_trust';
  error?: string;
  toolCount: number;
  types: string;
  config: ProviderConfig;
}

/** An answer the UI gives to a manual mock tool call. */
export type ManualAnswer = { ok: true; result?: unknown } | { ok: false; code: string; message: string };

export interface ProvidersApi {
  list(): Promise<ProviderStatus[]>;
  add(config: ProviderConfig): Promise<ProviderStatus>;
  update(id: string, config: ProviderConfig): Promise<ProviderStatus>;
  remove(id: string): Promise<void>;
  test(config: ProviderConfig): Promise<{ ok: boolean; toolCount?: number; error?: string }>;
  declarations(): Promise<string>;
  answerManualCall(requestId: string, answer: ManualAnswer): Promise<void>;
}

export const PROVIDERS_API_METHODS = [
  'list',
  'add',
  'update',
  'remove',
  'test',
  'declarations',
  'answerManualCall',
] as const satisfies readonly (keyof ProvidersApi)[];

export type ProvidersEvent =
  | { channel: 'providers'; type: 'changed'; providers: ProviderStatus[] }
  | { channel: 'providers'; type: 'typings'; declarations: string }
  | {
      channel: 'providers';
      type: 'manual_call';
      requestId: string;
      providerName: string;
      toolName: string;
      input: unknown;
    };
