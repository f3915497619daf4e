import { useState } from 'react';
import { looksLikeCredential, suggestSecretName } from '../../../shared/looksLikeCredential';
import type { ProviderDraft } from '../../../shared/view/providerDraft';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';

type CredentialField = 'env' | 'headers' | 'apiKey';

interface Finding {
  line: number;
  name: string;
  /** The credential itself, without an `Authorization` scheme such as `Bearer `. */
  value: string;
  reason: string;
}

const SCHEME = /^(Bearer|Basic|token)\s+/i;

/** Lines of an env (`NAME=value`) or headers (`Name: value`) field, or the API key, that hold a plain credential. */
export function plainCredentialsIn(field: CredentialField, text: string): Finding[] {
  if (field === 'apiKey') {
    const reason = looksLikeCredential('API key', text.trim());
    return reason ? [{ line: 0, name: 'API_KEY', value: text.trim(), reason }] : [];
  }
  const separator = field === 'env' ? '=' : ':';
  return text.split('\n').flatMap((line, index) => {
    const at = line.indexOf(separator);
    if (at <= 0) return [];
    const name = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    const reason = looksLikeCredential(name, value);
    return reason ? [{ line: index, name, value: value.replace(SCHEME, ''), reason }] : [];
  });
}

/**
 * Under an env, headers or API key field: each plain value that looks like a credential, with a
 * one-click "Move to the secret store" (the value goes to the store, the field gets `${secret:NAME}`).
 */
export function MoveToSecretStore(props: {
  field: CredentialField;
  draft: ProviderDraft;
  onChange(patch: Partial<ProviderDraft>): void;
}) {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const [busy, setBusy] = useState(false);
  const text = props.draft[props.field];
  const findings = plainCredentialsIn(props.field, text);
  if (findings.length === 0) return null;

  const move = async (finding: Finding) => {
    setBusy(true);
    try {
      const taken = await api.workspace.listSecrets();
      const prefix = props.draft.name ? `${props.draft.name}_` : '';
      const secret = suggestSecretName(
        props.field === 'env' ? finding.name : `${prefix}${finding.name}`,
        taken,
      );
      await api.workspace.setSecret(secret, finding.value);
      const reference = `\${secret:${secret}}`;
      const next =
        props.field === 'apiKey'
          ? reference
          : text
              .split('\n')
              .map((line, index) => {
                if (index !== finding.line) return line;
                const at = line.indexOf(props.field === 'env' ? '=' : ':');
                const scheme = SCHEME.exec(line.slice(at + 1).trim())?.[0] ?? '';
                return `${line.slice(0, at + 1)}${props.field === 'env' ? '' : ` ${scheme}`}${reference}`;
              })
              .join('\n');
      props.onChange({ [props.field]: next });
      notify(
        'info',
        `The value of ${finding.name} is now secret ${secret}; save the provider to keep the change.`,
      );
    } catch (error) {
      notify('error', `The value was not moved: ${describeError(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ul className="credential-warnings" aria-label="Plain credentials">
      {findings.map((finding) => (
        <li key={`${finding.line}:${finding.name}`} className="notice warn">
          <span>
            <code>{finding.name}</code> is saved in clear text in the workspace file, and {finding.reason}.
          </span>{' '}
          <button type="button" className="link" disabled={busy} onClick={() => void move(finding)}>
            Move to the secret store
          </button>
        </li>
      ))}
    </ul>
  );
}
