const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** 'Mod+Enter' → 'Ctrl+Enter', or '⌘+Enter' on a Mac (every Mod in the text). */
export function shortcutLabel(keys: string): string {
  return keys.replaceAll('Mod', isMac ? '⌘' : 'Ctrl');
}
