const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** 'Mod+Enter' → 'Ctrl+Enter', or '⌘+Enter' on a Mac. */
export function shortcutLabel(keys: string): string {
  return keys.replace('Mod', isMac ? '⌘' : 'Ctrl');
}
