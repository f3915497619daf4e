/** Starting point; the network issue owns this file (conformance view, local TPMJS executor). */
export interface NetworkApi {
  placeholder(): Promise<void>;
}

export const NETWORK_API_METHODS = ['placeholder'] as const satisfies readonly (keyof NetworkApi)[];

export type NetworkEvent = { channel: 'network'; type: 'placeholder' };
