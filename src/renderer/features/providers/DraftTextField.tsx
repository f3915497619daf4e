import type { ReactNode } from 'react';
import type { ProviderDraft } from '../../../shared/view/providerDraft';
import { Field } from '../../ui/Field';

type TextKey = Exclude<
  { [K in keyof ProviderDraft]-?: ProviderDraft[K] extends string ? K : never }[keyof ProviderDraft],
  undefined
>;

/** One text field of the provider form, bound to its draft key and showing that key's error. */
export function DraftTextField(props: {
  field: TextKey;
  label: string;
  draft: ProviderDraft;
  errors: Readonly<Record<string, string | undefined>>;
  onChange(patch: Partial<ProviderDraft>): void;
  hint?: ReactNode;
  placeholder?: string;
  /** Rows of a multi-line field; a single-line input when absent. */
  rows?: number;
  autoFocus?: boolean;
}) {
  const { field, draft, onChange } = props;
  const common = {
    value: draft[field],
    placeholder: props.placeholder,
    onChange: (e: { target: { value: string } }) => onChange({ [field]: e.target.value }),
  };
  return (
    <Field label={props.label} error={props.errors[field]} hint={props.hint}>
      {props.rows ? (
        <textarea className="code" rows={props.rows} {...common} />
      ) : (
        <input autoFocus={props.autoFocus} {...common} />
      )}
    </Field>
  );
}
