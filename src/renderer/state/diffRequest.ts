import { create } from 'zustand';

interface DiffRequestState {
  /** Two runs some view asked the Diff to compare (the Ask panel's comparison); `at` tells asks apart. */
  request?: { left: string; right: string; at: number };
  compare(left: string, right: string): void;
  /** The Diff has shown the request made at `at`: it is not applied again when the panel mounts anew. */
  taken(at: number): void;
}

/** How a view asks the Diff panel to compare two runs without importing it. */
export const useDiffRequest = create<DiffRequestState>()((set) => ({
  compare: (left, right) => set({ request: { left, right, at: Date.now() } }),
  taken: (at) => set((state) => (state.request?.at === at ? { request: undefined } : {})),
}));
