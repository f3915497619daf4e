import { create } from 'zustand';
import type { AskConversation, AskEvent, ModelEndpoint } from '../../../shared/api/ask';
import type { PlaygroundApi } from '../../../shared/api/playgroundApi';
import { describeError } from '../../state/describeError';
import { usePlaygroundStore } from '../../state/store';

interface AskState {
  models: ModelEndpoint[];
  /** What the host keeps, by id; a newer version always wins. */
  conversations: Record<string, AskConversation>;
  /** The conversation (or comparison group) shown. */
  shown?: { conversationId?: string; compareGroup?: string };
  applyAskEvent(event: AskEvent): void;
  /** Everything the host has now (after a reload or reconnect); what it no longer has goes. */
  replaceAll(models: ModelEndpoint[], conversations: AskConversation[]): void;
}

function newer(current: AskConversation | undefined, next: AskConversation): boolean {
  return !current || next.version >= current.version;
}

export const useAskStore = create<AskState>()((set) => ({
  models: [],
  conversations: {},
  applyAskEvent: (event) =>
    set((state): Partial<AskState> => {
      if (event.type === 'models') return { models: event.models };
      if (event.type === 'conversation') {
        const { conversation } = event;
        if (!newer(state.conversations[conversation.id], conversation)) return {};
        return { conversations: { ...state.conversations, [conversation.id]: conversation } };
      }
      const current = state.conversations[event.conversationId];
      const turn = current?.turns.find((t) => t.number === event.turn);
      if (!current || !turn) return {};
      const turns = current.turns.map((t) => (t === turn ? { ...t, text: t.text + event.delta } : t));
      return { conversations: { ...state.conversations, [current.id]: { ...current, turns } } };
    }),
  replaceAll: (models, conversations) =>
    set((state) => {
      const kept: Record<string, AskConversation> = {};
      for (const conversation of conversations) {
        const current = state.conversations[conversation.id];
        kept[conversation.id] = current && !newer(current, conversation) ? current : conversation;
      }
      return { models, conversations: kept };
    }),
}));

let syncedApi: PlaygroundApi | null = null;

async function reload(api: PlaygroundApi) {
  try {
    const [models, conversations] = await Promise.all([api.ask.models(), api.ask.list()]);
    useAskStore.getState().replaceAll(models, conversations);
  } catch (error) {
    usePlaygroundStore.getState().notify('error', describeError(error));
  }
}

/** Keeps the ask store in step with the host: its events, and everything again whenever the host answers anew. */
export function syncAskState(api: PlaygroundApi): void {
  if (syncedApi === api) return;
  syncedApi = api;
  api.onEvent((event) => {
    if (event.channel === 'ask') useAskStore.getState().applyAskEvent(event);
  });
  let connection = usePlaygroundStore.getState().connection;
  usePlaygroundStore.subscribe((state) => {
    if (state.connection === connection) return;
    connection = state.connection;
    if (connection === 'open') void reload(api);
  });
  void reload(api);
}
