import { readFileSync } from 'node:fs';

/** A fenced block of the README: its language and text, and the line its text starts on. */
export interface ReadmeBlock {
  lang: string;
  text: string;
  line: number;
}

/** Every fenced code block of a Markdown text. */
export function fencedBlocks(markdown: string): ReadmeBlock[] {
  const blocks: ReadmeBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++;
    blocks.push({ lang: open[1] ?? '', text: lines.slice(start, end).join('\n'), line: start + 1 });
    i = end;
  }
  return blocks;
}

/**
 * The shell commands a reader would paste: each line of a `sh` block (comments dropped, `&&` split),
 * and inline code in the prose that starts with `npm `, `npx `, `node bin/execbox.js ` or `execbox `.
 */
export function readmeCommands(markdown: string): { command: string; line: number }[] {
  const found: { command: string; line: number }[] = [];
  for (const block of fencedBlocks(markdown).filter((b) => b.lang === 'sh'))
    block.text.split('\n').forEach((text, offset) => {
      if (!text.trim() || text.trim().startsWith('#')) return;
      for (const part of text.split('&&')) found.push({ command: part.trim(), line: block.line + offset });
    });
  let inFence = false;
  markdown.split('\n').forEach((text, index) => {
    if (text.startsWith('```')) inFence = !inFence;
    if (inFence) return;
    for (const match of text.matchAll(/`((?:npm|npx|node bin\/execbox\.js|execbox) [^`]+)`/g))
      found.push({ command: match[1]!, line: index + 1 });
  });
  return found;
}

/** A `json` block parsed; a fragment such as `"serverRequests": { … }` is read as one object's member. */
export function parseJsonBlock(text: string): unknown {
  const trimmed = text.trim();
  return JSON.parse(trimmed.startsWith('"') ? `{${trimmed}}` : trimmed);
}

export function readReadme(): string {
  return readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
}
