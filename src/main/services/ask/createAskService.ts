import type { AskApi, AskConversation, AskEvent } from '../../../shared/api/ask';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import type { ResolvedToolProvider } from '../../engine/core/types';
import type { SecretMasker } from '../../secrets/createSecretMasker';
import type { CodeModeHost } from '../codeMode/CodeModeHost';
import { checkAskRequest } from './checkAskRequest';
import type { ModelSettings } from './createModelSettings';
import { readModelKey } from './readModelKey';
import { runAskLoop } from './runAskLoop';
import { startAskConversation } from './startAskConversation';

export interface AskServiceOptions {
  settings: ModelSettings;
  readSecret(name: string): Promise<string | undefined>;
  host: Pick<CodeModeHost, 'launcher' | 'onEvent'>;
  resolvedProviders(): Promise<ResolvedToolProvider[]>;
  emit(event: AskEvent): void;
  /** The host's masker: the streamed text is masked as it comes, a secret split across pieces too. */
  masker?(): SecretMasker;
  /** Finished conversations kept for `list` (default 20). */
  keep?: number;
}

export interface AskService {
  api: AskApi;
  /** Stops every conversation and waits for them to end. */
  dispose(): Promise<void>;
}

interface Running {
  conversation: AskConversation;
  controller: AbortController;
  done: Promise<unknown>;
}

/** The Ask panel's service: the person's models, and conversations whose tool calls are runs. */
export function createAskService(options: AskServiceOptions): AskService {
  const keep = options.keep ?? 20;
  const conversations = new Map<string, Running>();
  const publish = (conversation: AskConversation) =>
    options.emit({ channel: 'ask', type: 'conversation', conversation: structuredClone(conversation) });
  const forgetOld = () => {
    const ended = [...conversations.values()].filter((c) => c.conversation.state !== 'running');
    for (const old of ended.slice(0, Math.max(0, ended.length - keep)))
      conversations.delete(old.conversation.id);
  };
  const modelsChanged = (models: Awaited<ReturnType<ModelSettings['list']>>) => {
    options.emit({ channel: 'ask', type: 'models', models });
    return models;
  };

  const api: AskApi = {
    models: () => options.settings.list(),
    saveModel: async (endpoint, replacing) => modelsChanged(await options.settings.save(endpoint, replacing)),
    deleteModel: async (name) => modelsChanged(await options.settings.delete(name)),
    async start(raw) {
      const request = checkAskRequest(raw);
      const endpoint = (await options.settings.list()).find((model) => model.name === request.model);
      if (!endpoint) throw new InvalidArgumentError(`no model named '${request.model}' in the settings`);
      const apiKey = await readModelKey(endpoint, options.readSecret);
      const { conversation, session, toolNames } = startAskConversation({
        endpoint,
        apiKey,
        task: request.task,
        maxTurns: request.maxTurns,
        providers: await options.resolvedProviders(),
        ...(request.compareGroup ? { compareGroup: request.compareGroup } : {}),
      });
      const controller = new AbortController();
      const done = runAskLoop({
        session,
        toolNames,
        host: options.host,
        resolvedProviders: options.resolvedProviders,
        conversation,
        signal: controller.signal,
        onChange: publish,
        ...(options.masker ? { masker: options.masker } : {}),
        onText: (turn, delta) =>
          options.emit({ channel: 'ask', type: 'text', conversationId: conversation.id, turn, delta }),
      })
        .catch((error: unknown) => {
          conversation.state = 'failed';
          conversation.failure = `the conversation failed: ${error instanceof Error ? error.message : String(error)}`;
          conversation.version += 1;
          publish(conversation);
        })
        .finally(forgetOld);
      conversations.set(conversation.id, { conversation, controller, done });
      publish(conversation);
      return { conversationId: conversation.id };
    },
    async stop(id) {
      if (typeof id !== 'string') throw new InvalidArgumentError('conversationId must be a string');
      const running = conversations.get(id);
      if (!running) throw new InvalidArgumentError(`no conversation ${id} (it may have been let go)`);
      running.controller.abort();
      await running.done;
    },
    list: async () => [...conversations.values()].map((c) => structuredClone(c.conversation)),
  };
  return {
    api,
    async dispose() {
      for (const running of conversations.values()) running.controller.abort();
      await Promise.allSettled([...conversations.values()].map((c) => c.done));
    },
  };
}
