/** Starting point; the protocol-debugging issue owns this file. */
export interface DebugApi {
  placeholder(): Promise<void>;
}

export const DEBUG_API_METHODS = ['placeholder'] as const satisfies readonly (keyof DebugApi)[];

export type DebugEvent = { channel: 'debug'; type: 'placeholder' };
