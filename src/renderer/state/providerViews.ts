import { create } from 'zustand';

export type ProviderView = 'console' | 'traffic' | 'resources';

interface ProviderViews {
  /** The provider whose view of each kind is open in the providers pane (one at a time per kind). */
  open: Partial<Record<ProviderView, string>>;
  toggle(view: ProviderView, providerId: string, shown?: boolean): void;
  /** The MCP provider the wide traffic panel shows. */
  wideTraffic: string | null;
  showWideTraffic(providerId: string | null): void;
  /** Resource URIs subscribed to, per provider, while its connection lasts. */
  subscribed: Record<string, readonly string[]>;
  setSubscribed(providerId: string, uri: string, on: boolean): void;
  forgetSubscriptions(providerId: string): void;
}

/**
 * Which provider views are open, kept outside the pane so switching side tabs does not collapse
 * them, and what the person subscribed to, so a reopened resources view still says so.
 */
export const useProviderViews = create<ProviderViews>()((set) => ({
  open: {},
  toggle: (view, providerId, shown) =>
    set((state) => {
      const isOpen = state.open[view] === providerId;
      const next = shown ?? !isOpen;
      if (next === isOpen) return state;
      const open = { ...state.open };
      if (next) open[view] = providerId;
      else delete open[view];
      return { open };
    }),
  wideTraffic: null,
  showWideTraffic: (providerId) => set({ wideTraffic: providerId }),
  subscribed: {},
  setSubscribed: (providerId, uri, on) =>
    set((state) => {
      const held = state.subscribed[providerId] ?? [];
      const next = on ? [...new Set([...held, uri])] : held.filter((item) => item !== uri);
      return { subscribed: { ...state.subscribed, [providerId]: next } };
    }),
  forgetSubscriptions: (providerId) =>
    set((state) => {
      const { [providerId]: _gone, ...rest } = state.subscribed;
      return { subscribed: rest };
    }),
}));
