import { useEffect } from 'react';
import { EDITOR_FONT_SIZE } from '../display/DisplayControls';
import { useUiScale } from '../display/displaySettings';
import { useColorScheme } from '../display/useColorScheme';
import { monaco } from './setupMonaco';

/** The page's colour scheme and presenter zoom, applied to a Monaco code or diff editor. */
export function useEditorDisplay(
  editor: { updateOptions(options: { fontSize: number }): void } | null,
): void {
  const scheme = useColorScheme();
  const scale = useUiScale();
  useEffect(() => {
    monaco.editor.setTheme(scheme === 'dark' ? 'vs-dark' : 'vs');
  }, [scheme]);
  useEffect(() => {
    editor?.updateOptions({ fontSize: Math.round(EDITOR_FONT_SIZE * scale) });
  }, [editor, scale]);
}
