import { useState, type ReactNode } from 'react';
import {
  asNode,
  fieldKind,
  initialValue,
  isNullable,
  type SchemaNode,
  variantIndexFor,
  variantLabel,
} from '../../../../shared/view/schemaFormModel';

interface FieldProps {
  schema: unknown;
  value: unknown;
  onChange(value: unknown): void;
  label: string;
  /** `a.b[0]`: names the field for people and for tests. */
  path: string;
  /** A button beside the label (a list item's "remove"), so the fields below keep the whole width. */
  action?: ReactNode;
}

function describeField(schema: unknown): string | undefined {
  const node = asNode(schema);
  return typeof node.description === 'string' ? node.description : undefined;
}

/** A number typed as text: the text stays while it is not a number yet ("-", "1e"), nothing is lost. */
function NumberInput({
  value,
  onChange,
  label,
  integer,
}: {
  value: unknown;
  onChange(v: unknown): void;
  label: string;
  integer: boolean;
}) {
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  const shown = typeof value === 'number' && Number(text) !== value ? String(value) : text;
  return (
    <input
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      aria-label={label}
      value={shown}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (next.trim() === '') onChange(undefined);
        else if (Number.isFinite(Number(next))) onChange(Number(next));
        else onChange(next); // kept as typed, so validation shows it is not a number
      }}
    />
  );
}

/** A value the form has no widget for, as JSON text; invalid text stays and is reported. */
function JsonInput({
  value,
  onChange,
  label,
}: {
  value: unknown;
  onChange(v: unknown): void;
  label: string;
}) {
  const [text, setText] = useState(value === undefined ? '' : JSON.stringify(value));
  const [problem, setProblem] = useState<string>();
  return (
    <span className="json-input">
      <input
        type="text"
        aria-label={label}
        value={text}
        spellCheck={false}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next.trim() === '') {
            setProblem(undefined);
            onChange(undefined);
            return;
          }
          try {
            onChange(JSON.parse(next));
            setProblem(undefined);
          } catch {
            setProblem('not valid JSON yet');
          }
        }}
      />
      {problem && <span className="field-problem">{problem}</span>}
    </span>
  );
}

/**
 * A oneOf/anyOf: pick the kind, then fill it. The kind is read from the value's type; a kind picked
 * while there is no value yet (a string starts empty) stays picked.
 */
function ChoiceControl({
  variants,
  value,
  onChange,
  label,
  path,
}: Omit<FieldProps, 'schema'> & { variants: SchemaNode[] }) {
  const [picked, setPicked] = useState<number>();
  const chosen = value === undefined && picked !== undefined ? picked : variantIndexFor(variants, value);
  return (
    <div className="form-choice">
      <select
        aria-label={`${label}: kind`}
        value={chosen}
        onChange={(event) => {
          const index = Number(event.target.value);
          setPicked(index);
          onChange(initialValue(variants[index]));
        }}
      >
        {variants.map((variant, i) => (
          <option key={i} value={i}>
            {variantLabel(variant, i)}
          </option>
        ))}
      </select>
      <Control schema={variants[chosen]} value={value} onChange={onChange} label={label} path={path} />
    </div>
  );
}

function Control({ schema, value, onChange, label, path }: FieldProps) {
  const kind = fieldKind(schema);
  switch (kind.kind) {
    case 'string':
      return (
        <input
          type="text"
          aria-label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'enum': {
      const index = kind.enumValues.findIndex((option) => JSON.stringify(option) === JSON.stringify(value));
      const optionText = (option: unknown) => (typeof option === 'string' ? option : JSON.stringify(option));
      return (
        <select
          aria-label={label}
          // A narrow pane may cut a long choice short when closed: the whole of it shows on hover.
          title={index < 0 ? undefined : optionText(kind.enumValues[index])}
          value={index}
          onChange={(event) => {
            const chosen = Number(event.target.value);
            onChange(chosen < 0 ? undefined : kind.enumValues[chosen]);
          }}
        >
          <option value={-1}>(not set)</option>
          {kind.enumValues.map((option, i) => (
            <option key={i} value={i}>
              {optionText(option)}
            </option>
          ))}
        </select>
      );
    }
    case 'number':
      return <NumberInput value={value} onChange={onChange} label={label} integer={kind.integer} />;
    case 'boolean':
      return (
        <input
          type="checkbox"
          aria-label={label}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    case 'object': {
      const object =
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as Record<string, unknown>)
          : {};
      return (
        <div className="form-object">
          {Object.entries(kind.properties).map(([name, property]) => (
            <SchemaField
              key={name}
              schema={property}
              label={`${name}${kind.required.includes(name) ? ' *' : ''}`}
              path={path ? `${path}.${name}` : name}
              value={object[name]}
              onChange={(next) => {
                const copy = { ...object };
                if (next === undefined) delete copy[name];
                else copy[name] = next;
                onChange(copy);
              }}
            />
          ))}
        </div>
      );
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      return (
        <div className="form-array">
          {items.map((item, i) => (
            <SchemaField
              key={i}
              schema={kind.items}
              label={`${label} ${i + 1}`}
              path={`${path}[${i}]`}
              value={item}
              onChange={(next) => onChange(items.map((old, j) => (j === i ? next : old)))}
              action={
                <button
                  type="button"
                  className="link"
                  aria-label={`Remove ${label} ${i + 1}`}
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                >
                  remove
                </button>
              }
            />
          ))}
          <button
            type="button"
            className="link"
            onClick={() => onChange([...items, initialValue(kind.items) ?? null])}
          >
            + add {label.replace(/ \*$/, '')} item
          </button>
        </div>
      );
    }
    case 'choice':
      return <ChoiceControl variants={kind.variants} {...{ value, onChange, label, path }} />;
    default:
      return <JsonInput value={value} onChange={onChange} label={label} />;
  }
}

/** One labelled field generated from a JSON Schema, with a null switch when the schema allows null. */
export function SchemaField(props: FieldProps) {
  const nullable = isNullable(asNode(props.schema));
  const description = describeField(props.schema);
  return (
    <div className="form-field" data-path={props.path}>
      <div className="form-field-head">
        <label className="form-label">
          <span>{props.label}</span>
          {nullable && (
            <span className="form-null">
              <input
                type="checkbox"
                aria-label={`${props.label} is null`}
                checked={props.value === null}
                onChange={(event) => props.onChange(event.target.checked ? null : undefined)}
              />
              null
            </span>
          )}
        </label>
        {props.action}
      </div>
      {/* Under its label, before the control: an object's or a list's fields can be long. */}
      {description && <div className="form-help muted">{description}</div>}
      {props.value !== null && <Control {...props} />}
    </div>
  );
}
