/** A line of guest code that calls a tool: `await github.search_issues(...)`. */
export interface ToolCallLine {
  /** 1-based, as editors count. */
  line: number;
  /** 1-based column of the provider name. */
  column: number;
  providerName: string;
  toolName: string;
}

const CALL = /([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*\(/g;

/**
 * The lines of `code` that call a known tool (`tools` maps provider names to their guest-visible
 * tool names).
 */
export function findToolCallLines(
  code: string,
  tools: ReadonlyMap<string, ReadonlySet<string>>,
): ToolCallLine[] {
  return findMemberCalls(code).filter((call) => tools.get(call.providerName)?.has(call.toolName));
}

/**
 * Every `name.member(` call in `code`, tool or not. A light scan, not a parse: text after `//` is
 * skipped, and so is text inside block comments that start and end on lines of their own.
 */
export function findMemberCalls(code: string): ToolCallLine[] {
  const found: ToolCallLine[] = [];
  let inBlockComment = false;
  code.split('\n').forEach((text, index) => {
    let scan = text;
    if (inBlockComment) {
      const end = scan.indexOf('*/');
      if (end < 0) return;
      inBlockComment = false;
      scan = ' '.repeat(end + 2) + scan.slice(end + 2);
    }
    const open = scan.indexOf('/*');
    if (open >= 0 && scan.indexOf('*/', open + 2) < 0) {
      inBlockComment = true;
      scan = scan.slice(0, open);
    }
    const lineComment = scan.indexOf('//');
    if (lineComment >= 0) scan = scan.slice(0, lineComment);
    for (const match of scan.matchAll(CALL)) {
      const [, providerName, toolName] = match;
      if (providerName && toolName)
        found.push({ line: index + 1, column: (match.index ?? 0) + 1, providerName, toolName });
    }
  });
  return found;
}
