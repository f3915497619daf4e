import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { WorkspaceFile } from '../../../shared/workspaceFormat';
import type { WorkspaceProblem } from './WorkspaceFileError';
import { PROVIDER_SCHEMA, WORKSPACE_SCHEMA } from './workspaceSchema';
import type { ProviderConfig } from '../../../shared/api/providers';
import { lineColumnAt } from '../../../shared/lineColumnAt';

const ajv = new Ajv({
  allErrors: true,
  discriminator: true,
  verbose: true,
  strict: true,
  strictTypes: false,
  strictRequired: false,
});
addFormats.default(ajv);
const validate = ajv.compile<WorkspaceFile>(WORKSPACE_SCHEMA);
const validateProvider = ajv.compile<ProviderConfig>(PROVIDER_SCHEMA);

const MAX_PROBLEMS = 20;

function pointerSegments(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : part));
}

export function toJsonPath(segments: readonly (string | number)[], root = '$'): string {
  return segments.reduce<string>(
    (acc, part) =>
      typeof part === 'number'
        ? `${acc}[${part}]`
        : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(part)
          ? `${acc}.${part}`
          : `${acc}[${JSON.stringify(part)}]`,
    root,
  );
}

function describe(error: ErrorObject): { segments: (string | number)[]; message: string } {
  const segments = pointerSegments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return {
        segments: [...segments, String(params.additionalProperty)],
        message: 'is not an allowed property',
      };
    case 'required':
      return { segments, message: `is missing the required property '${String(params.missingProperty)}'` };
    case 'const':
      return { segments, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'enum':
      return {
        segments,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'discriminator': {
      const tag = String(params.tag);
      const branches = (error.parentSchema?.oneOf ?? []) as {
        properties?: Record<string, { const?: unknown }>;
      }[];
      const allowed = branches.map((b) => JSON.stringify(b.properties?.[tag]?.const)).join(', ');
      return { segments, message: `'${tag}' must be one of ${allowed}` };
    }
    case 'minProperties':
    case 'maxProperties':
      return { segments, message: error.parentSchema?.description ?? error.message ?? error.keyword };
    default:
      return { segments, message: error.message ?? `fails ${error.keyword}` };
  }
}

function schemaErrors(
  errors: ErrorObject[] | null | undefined,
): { segments: (string | number)[]; message: string }[] {
  const seen = new Set<string>();
  const all = errors ?? [];
  // `oneOf` reports each failed branch plus itself; keep the specific errors where there are some.
  return all
    .filter((e) => e.keyword !== 'oneOf' || all.length === 1)
    .map(describe)
    .filter(({ segments, message }) => {
      const key = `${toJsonPath(segments)} ${message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Checks one provider config (from the untrusted renderer); problems are paths under `config`. */
export function validateProviderConfig(value: unknown): string[] {
  if (validateProvider(value)) return [];
  return schemaErrors(validateProvider.errors)
    .slice(0, MAX_PROBLEMS)
    .map(({ segments, message }) => `${toJsonPath(segments, 'config')}: ${message}`);
}

/**
 * Checks a parsed document against the workspace schema and the rules a schema cannot state
 * (unique ids and names, the active snippet exists). Problems carry JSON paths and positions.
 */
export function validateWorkspaceDocument(
  value: unknown,
  source?: { tree: Node; text: string },
): WorkspaceProblem[] {
  const problems: WorkspaceProblem[] = [];
  const add = (segments: (string | number)[], message: string) => {
    const node = source ? findNodeAtLocation(source.tree, segments) : undefined;
    const position = node && source ? lineColumnAt(source.text, node.offset) : undefined;
    problems.push({ jsonPath: toJsonPath(segments), message, ...position });
  };
  if (!validate(value)) {
    for (const { segments, message } of schemaErrors(validate.errors)) add(segments, message);
    return problems.slice(0, MAX_PROBLEMS);
  }
  const unique = <T extends object>(items: readonly T[], field: keyof T & string, collection: string) => {
    const firstAt = new Map<unknown, number>();
    items.forEach((item, index) => {
      const key = item[field];
      const first = firstAt.get(key);
      if (first === undefined) firstAt.set(key, index);
      else
        add(
          [collection, index, field],
          `duplicates ${toJsonPath([collection, first, field])} (${JSON.stringify(key)})`,
        );
    });
  };
  unique(value.providers, 'id', 'providers');
  unique(value.providers, 'name', 'providers');
  unique(value.snippets, 'id', 'snippets');
  unique(value.transcripts ?? [], 'id', 'transcripts');
  const active = value.activeSnippetId;
  if (typeof active === 'string' && !value.snippets.some((s) => s.id === active)) {
    add(['activeSnippetId'], `names no snippet (${JSON.stringify(active)})`);
  }
  return problems.slice(0, MAX_PROBLEMS);
}
