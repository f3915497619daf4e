import { create } from 'zustand';

interface TranscriptFocus {
  /** The call the transcript should show next; the nonce makes a repeated jump count again. */
  request: { callId: string; nonce: number } | null;
  jumpToCall(callId: string): void;
}

let nonce = 0;

/** Lets any view ask the transcript to select a call's tool_call row and scroll to it. */
export const useTranscriptFocus = create<TranscriptFocus>()((set) => ({
  request: null,
  jumpToCall: (callId) => set({ request: { callId, nonce: ++nonce } }),
}));
