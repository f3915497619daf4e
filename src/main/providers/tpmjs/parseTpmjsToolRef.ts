import { isVersionSpec } from '../../../shared/isVersionSpec';

export interface TpmjsToolRef {
  packageName: string;
  version: string;
  toolName: string;
}

const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
const VERSION = /^[^\s@:/]+$/;
const TOOL_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Parses `package@version::tool` (`@scope/pkg@1.2.3::myTool`; without `@version` it is `latest`).
 * Throws an error that says which part is wrong.
 */
export function parseTpmjsToolRef(ref: string): TpmjsToolRef {
  const example = 'e.g. "@tpmjs/hello@1.0.0::helloWorldTool"';
  const separator = ref.lastIndexOf('::');
  if (separator < 0) throw new Error(`"${ref}" has no "::tool" part (${example})`);
  const spec = ref.slice(0, separator);
  const toolName = ref.slice(separator + 2);
  if (!TOOL_NAME.test(toolName)) {
    throw new Error(`"${ref}": the tool name "${toolName}" must be a JavaScript identifier (${example})`);
  }
  const versionAt = spec.indexOf('@', 1);
  const packageName = versionAt < 0 ? spec : spec.slice(0, versionAt);
  const version = versionAt < 0 ? 'latest' : spec.slice(versionAt + 1);
  if (!PACKAGE_NAME.test(packageName)) {
    throw new Error(`"${ref}": "${packageName}" is not a valid npm package name (${example})`);
  }
  if (!VERSION.test(version) || !isVersionSpec(version)) {
    throw new Error(`"${ref}": the version "${version}" is empty or malformed (${example})`);
  }
  return { packageName, version, toolName };
}
