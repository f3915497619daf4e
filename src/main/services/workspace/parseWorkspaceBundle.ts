import { tooDeeplyNested } from '../../../shared/tooDeeplyNested';
import { WORKSPACE_BUNDLE_VERSION, type WorkspaceBundle } from '../../../shared/workspaceBundle';
import type { WorkspaceFile } from '../../../shared/workspaceFormat';
import { SECRET_NAME_PATTERN } from '../../secrets/SecretStore';
import { parseWorkspaceText } from './parseWorkspaceText';
import { WorkspaceFileError, type WorkspaceProblem } from './WorkspaceFileError';

/** A transcript's name inside a bundle: a plain file name, so unpacking can never leave its folder. */
export const BUNDLED_TRANSCRIPT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}\.jsonl$/;
export const BUNDLED_TRANSCRIPTS_FOLDER = 'transcripts';
const MAX_TRANSCRIPTS = 1_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a bundle from anyone: its shape, its workspace (the same validation as a workspace file),
 * and every transcript name (plain file names in `transcripts/`, no `..`, no folders, no links to
 * files it does not carry). Throws WorkspaceFileError naming the file and the place.
 */
export function parseWorkspaceBundle(text: string, file: string): WorkspaceBundle {
  const refuse = (problems: WorkspaceProblem[], summary = 'is not a valid execbox bundle'): never => {
    throw new WorkspaceFileError(file, problems, summary);
  };
  const tooDeep = tooDeeplyNested(text, file);
  if (tooDeep) {
    const { line, column, message } = tooDeep;
    refuse([{ jsonPath: '$', line, column, message }], 'cannot be read');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    refuse([{ jsonPath: '$', message: (error as Error).message }], 'is not valid JSON');
  }
  if (!isRecord(value)) return refuse([{ jsonPath: '$', message: 'must be an object' }]);
  const allowed = ['execboxBundle', 'exportedAt', 'workspace', 'transcripts', 'secrets'];
  const unknown = Object.keys(value).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) refuse([{ jsonPath: '$', message: `unknown field(s) ${unknown.join(', ')}` }]);
  if (value.execboxBundle !== WORKSPACE_BUNDLE_VERSION) {
    refuse([
      {
        jsonPath: '$.execboxBundle',
        message: `must be ${WORKSPACE_BUNDLE_VERSION} (this build reads bundle version ${WORKSPACE_BUNDLE_VERSION}); got ${JSON.stringify(value.execboxBundle) ?? 'nothing'}`,
      },
    ]);
  }
  if (value.exportedAt !== undefined && typeof value.exportedAt !== 'string') {
    refuse([{ jsonPath: '$.exportedAt', message: 'must be a string' }]);
  }
  if (!isRecord(value.workspace)) refuse([{ jsonPath: '$.workspace', message: 'must be an object' }]);
  const workspace = parseBundledWorkspace(value.workspace as Record<string, unknown>, file);

  const transcripts = value.transcripts ?? {};
  if (!isRecord(transcripts)) return refuse([{ jsonPath: '$.transcripts', message: 'must be an object' }]);
  const names = Object.keys(transcripts);
  if (names.length > MAX_TRANSCRIPTS) {
    refuse([
      { jsonPath: '$.transcripts', message: `holds ${names.length} transcripts; at most ${MAX_TRANSCRIPTS}` },
    ]);
  }
  const carried = new Map<string, string>();
  for (const name of names) {
    const at = `$.transcripts[${JSON.stringify(name)}]`;
    if (!BUNDLED_TRANSCRIPT_NAME.test(name) || name.includes('..')) {
      refuse([
        {
          jsonPath: at,
          message:
            'a transcript name must be a plain file name ending in .jsonl (letters, digits, . _ -; no folders or ..)',
        },
      ]);
    }
    const content = transcripts[name];
    if (typeof content !== 'string') refuse([{ jsonPath: at, message: 'must be the transcript text' }]);
    carried.set(name, content as string);
  }
  (workspace.transcripts ?? []).forEach((ref, index) => {
    const name = ref.file.startsWith(`${BUNDLED_TRANSCRIPTS_FOLDER}/`)
      ? ref.file.slice(BUNDLED_TRANSCRIPTS_FOLDER.length + 1)
      : undefined;
    if (name === undefined || !carried.has(name)) {
      refuse([
        {
          jsonPath: `$.workspace.transcripts[${index}].file`,
          message: `must name a transcript the bundle carries (${BUNDLED_TRANSCRIPTS_FOLDER}/NAME.jsonl); got ${JSON.stringify(ref.file)}`,
        },
      ]);
    }
  });

  const secrets = value.secrets ?? [];
  if (!Array.isArray(secrets) || secrets.some((s) => typeof s !== 'string' || !SECRET_NAME_PATTERN.test(s))) {
    refuse([{ jsonPath: '$.secrets', message: 'must be a list of secret names' }]);
  }
  return {
    execboxBundle: WORKSPACE_BUNDLE_VERSION,
    ...(typeof value.exportedAt === 'string' ? { exportedAt: value.exportedAt } : {}),
    workspace,
    transcripts: Object.fromEntries(carried),
    secrets: secrets as string[],
  };
}

/** The bundled workspace goes through exactly the checks a workspace file gets, named after the bundle. */
function parseBundledWorkspace(workspace: Record<string, unknown>, file: string): WorkspaceFile {
  return parseWorkspaceText(JSON.stringify(workspace, null, 2), `${file} (its workspace)`);
}
