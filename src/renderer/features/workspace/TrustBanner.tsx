import { useState } from 'react';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';

/** A stable empty list: a selector must not return a new array on every call. */
const NO_REQUESTS: never[] = [];

/** The workspace wants to start something on this computer: ask before anything is spawned. */
export function TrustBanner() {
  const api = useApi();
  const pending = usePlaygroundStore((s) => s.workspace?.pendingTrust ?? NO_REQUESTS);
  const notify = usePlaygroundStore((s) => s.notify);
  // A question answered here is gone at once: a second click cannot answer it twice.
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const open = pending.filter((request) => !answered.has(request.id));
  if (open.length === 0) return null;
  const answer = (id: string, allow: boolean) => {
    setAnswered((ids) => new Set(ids).add(id));
    api.workspace.answerTrust(id, allow).catch((error: unknown) => {
      setAnswered((ids) => new Set([...ids].filter((other) => other !== id)));
      notify('error', describeError(error));
    });
  };
  return (
    <div className="banner warn" role="alert">
      {open.map((request) => (
        <div key={request.id} className="trust-request">
          {request.kind === 'runner' ? (
            <span>
              This workspace runs guest code on the runner command: <code>{request.what}</code>
            </span>
          ) : (
            <span>
              Provider <strong>{request.providerName}</strong> wants to run{' '}
              {request.kind === 'command'
                ? 'the command'
                : request.kind === 'module'
                  ? 'the module'
                  : 'trusted handler code'}
              : <code>{request.what}</code>
            </span>
          )}
          <button className="primary" onClick={() => answer(request.id, true)}>
            Allow
          </button>
          <button onClick={() => answer(request.id, false)}>Don’t allow</button>
        </div>
      ))}
    </div>
  );
}
