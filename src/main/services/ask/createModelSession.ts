import type { ModelApi } from '../../../shared/api/ask';
import { createAnthropicSession } from './createAnthropicSession';
import { createOpenAiSession } from './createOpenAiSession';
import type { ModelSession, ModelSessionOptions } from './ModelSession';

export function createModelSession(api: ModelApi, options: ModelSessionOptions): ModelSession {
  return api === 'anthropic' ? createAnthropicSession(options) : createOpenAiSession(options);
}
