import type { ExecutorChoice } from '../../../shared/api/runs';
import type { Executor } from '../core/types';
import { createRemoteExecutor } from './createRemoteExecutor';

type ExecutorFactory = (choice: ExecutorChoice) => Executor | Promise<Executor>;

/**
 * Adds "remote runner at URL" to an executor factory: `{ kind: 'remote', url, tokenSecret }` runs on
 * a runner served by `execbox runner --listen`, with the token read from the named secret at each run.
 */
export function withRemoteExecutor(
  factory: ExecutorFactory,
  readSecret: (name: string, destination: string) => Promise<string | undefined>,
): ExecutorFactory {
  return (choice) => {
    if (choice.kind !== 'remote') return factory(choice);
    const { url, tokenSecret } = choice;
    return createRemoteExecutor({
      url,
      ...(tokenSecret
        ? {
            token: async () => {
              const token = await readSecret(tokenSecret, `remote runner at ${url}`);
              if (!token) throw new Error(`the remote runner's token secret ${tokenSecret} is not set`);
              return token;
            },
          }
        : {}),
    });
  };
}
