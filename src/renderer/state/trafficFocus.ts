import { create } from 'zustand';

export interface TrafficTarget {
  providerName: string;
  connection: number;
  rpcId: string | number;
}

interface TrafficFocus {
  /** The raw MCP request to show next; the nonce makes a repeated jump count again. */
  request: (TrafficTarget & { nonce: number }) | null;
  showRequest(target: TrafficTarget): void;
}

let nonce = 0;

/** Lets the transcript ask the providers pane to open an MCP server's traffic at one request. */
export const useTrafficFocus = create<TrafficFocus>()((set) => ({
  request: null,
  showRequest: (target) => set({ request: { ...target, nonce: ++nonce } }),
}));
