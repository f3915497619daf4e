import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { McpImportPlace, McpImportPreview } from '../../../shared/api/mcpImport';
import { plural } from '../../../shared/format/plural';
import { createFileSecretStore } from '../../secrets/createFileSecretStore';
import { resolveConfigDir } from '../../system/resolveConfigDir';
import { writeFileAtomic } from '../../system/writeFileAtomic';
import { importMcpPlan } from '../../services/workspace/importMcpPlan';
import { loadWorkspaceFile } from '../../services/workspace/loadWorkspaceFile';
import { planMcpImport } from '../../services/workspace/planMcpImport';
import { validateWorkspaceDocument } from '../../services/workspace/validateWorkspaceDocument';
import type { WorkspaceFile } from '../../../shared/workspaceFormat';
import { MCP_IMPORT_MAX_CHARS } from '../../../shared/api/mcpImport';
import { printUsageError } from './commandLine';

const USAGE = `usage: execbox import-mcp FILE --workspace W.execbox.json [--dry-run] [--config-dir DIR]
  Adds the MCP servers of another client's configuration to a workspace: Claude Desktop's
  claude_desktop_config.json, Cursor's mcp.json, VS Code's mcp.json (servers, inputs) or Claude
  Code's .mcp.json. Values that look like credentials go to the secret store (the config folder's
  secrets file) and the workspace refers to them as \${secret:NAME}. Nothing is started: the app asks
  before it runs an imported command.
  --workspace   the workspace file to add the servers to (it must exist)
  --dry-run     print what would be added, change nothing
  --config-dir  where secrets live (default: $EXECBOX_CONFIG_DIR or ~/.config/execbox-playground)
  Exit 0: imported (entries that could not be read are listed). Exit 1: nothing could be imported.
  Exit 2: the arguments or a file could not be used.`;

function at(file: string, place: McpImportPlace): string {
  const position = place.line === undefined ? '' : `:${place.line}:${place.column ?? 1}`;
  return `${file}${position} (${place.jsonPath})`;
}

/** The preview as lines for a terminal: what is added, where secrets went, what could not be read. */
export function describeMcpImport(preview: McpImportPreview, file: string): string[] {
  const lines = [`${file}: read as ${preview.format}; ${plural(preview.servers.length, 'server')} to add`];
  for (const server of preview.servers) {
    const transport = server.config.transport;
    const target =
      transport.type === 'stdio'
        ? `runs ${[transport.command, ...(transport.args ?? [])].join(' ')}`
        : `${transport.type === 'sse' ? 'SSE' : 'Streamable HTTP'} ${transport.url}`;
    lines.push(`+ ${server.config.name} (from '${server.serverName}'): ${target}`);
    for (const secret of server.secretsMoved)
      lines.push(`    secret ${secret.name} ← ${at(file, secret.place)}: ${secret.why}`);
    for (const secret of server.secretsToEnter)
      lines.push(`    enter secret ${secret.name} (${secret.about}) for ${at(file, secret.place)}`);
    for (const note of server.notes) lines.push(`    note: ${note}`);
  }
  for (const problem of preview.problems)
    lines.push(`! not read: ${at(file, problem.place)}: ${problem.message}`);
  return lines;
}

/** `execbox import-mcp FILE --workspace W`: another MCP client's servers as providers. */
export default async function importMcpCommand(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        workspace: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        'config-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) return usageError('give exactly one configuration file');
  if (!values.workspace) return usageError('--workspace W.execbox.json is required');
  const file = path.resolve(positionals[0]!);
  const workspaceFile = path.resolve(values.workspace);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return usageError(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : String(code ?? error)}`);
  }
  if (text.length > MCP_IMPORT_MAX_CHARS)
    return usageError(
      `${file} is larger than ${MCP_IMPORT_MAX_CHARS} characters; it is no MCP configuration`,
    );
  const doc = await loadWorkspaceFile(workspaceFile);
  const secrets = createFileSecretStore(
    values['config-dir'] ? path.resolve(values['config-dir']) : resolveConfigDir(),
  );
  const plan = planMcpImport(text, file, {
    providerNames: doc.providers.map((p) => p.name),
    secretNames: await secrets.list(),
  });
  for (const line of describeMcpImport(plan.preview, file)) process.stdout.write(`${line}\n`);
  if (plan.preview.servers.length === 0) {
    process.stderr.write(`execbox import-mcp: nothing to import from ${file}\n`);
    return 1;
  }
  if (values['dry-run']) return 0;
  await importMcpPlan(plan, secrets, async (change) => {
    const draft: WorkspaceFile = structuredClone(doc);
    change(draft);
    const problems = validateWorkspaceDocument(draft);
    if (problems.length > 0)
      throw new Error(problems.map((p) => `${workspaceFile} ${p.jsonPath}: ${p.message}`).join('; '));
    await writeFileAtomic(workspaceFile, JSON.stringify(draft, null, 2) + '\n');
  });
  process.stdout.write(
    `added ${plural(plan.preview.servers.length, 'provider')} to ${workspaceFile}; the app asks before it starts an imported command\n`,
  );
  return 0;
}

function usageError(message: string): number {
  return printUsageError('import-mcp', message, USAGE);
}
