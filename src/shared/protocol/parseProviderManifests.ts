import type { ProviderManifest, ToolManifest } from '../manifest';
import { isSafeGuestIdentifier, namespaceNameProblem } from './identifiers';
import { expectObject, expectOnlyKeys, expectString, MalformedMessage } from './messageFields';

function parseToolManifest(value: unknown, key: string, where: string): ToolManifest {
  const fields = expectObject(value, where);
  expectOnlyKeys(fields, where, ['safeName', 'originalName', 'description']);
  const safeName = expectString(fields, 'safeName', where);
  if (safeName !== key)
    throw new MalformedMessage(`${where}.safeName must equal its key ${JSON.stringify(key)}`);
  if (!isSafeGuestIdentifier(safeName)) {
    throw new MalformedMessage(`${where}.safeName ${JSON.stringify(safeName)} is not a usable identifier`);
  }
  const tool: ToolManifest = { safeName, originalName: expectString(fields, 'originalName', where) };
  if (fields.description !== undefined) tool.description = expectString(fields, 'description', where);
  return tool;
}

/** Validates `execute.providers`: identifiers the runner can inject as globals, unique names. */
export function parseProviderManifests(value: unknown, where: string): ProviderManifest[] {
  if (!Array.isArray(value)) throw new MalformedMessage(`${where} must be an array`);
  const seen = new Set<string>();
  return value.map((item: unknown, index) => {
    const at = `${where}[${index}]`;
    const fields = expectObject(item, at);
    expectOnlyKeys(fields, at, ['name', 'tools', 'types']);
    const name = expectString(fields, 'name', at);
    const problem = namespaceNameProblem(name);
    if (problem) throw new MalformedMessage(`${at}.name ${JSON.stringify(name)} ${problem}`);
    if (seen.has(name)) throw new MalformedMessage(`${at}.name ${JSON.stringify(name)} appears twice`);
    seen.add(name);
    const toolFields = expectObject(fields.tools, `${at}.tools`);
    const tools: Record<string, ToolManifest> = {};
    for (const key of Object.keys(toolFields)) {
      tools[key] = parseToolManifest(toolFields[key], key, `${at}.tools[${JSON.stringify(key)}]`);
    }
    return { name, tools, types: expectString(fields, 'types', at) };
  });
}
