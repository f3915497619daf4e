import { useEffect } from 'react';
import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { getActiveEditor } from '../state/activeEditor';
import { cancelCurrentRun, isRunning, runActiveSnippet } from '../state/runActions';
import { usePlaygroundStore } from '../state/store';
import { isPresenting, togglePresenting, zoomPresenter } from '../ui/display/displaySettings';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    !!target.closest('.monaco-editor')
  );
}

/** App-wide keys; the editor binds Mod+Enter itself since Monaco would otherwise consume it. */
export function useShortcuts(api: PlaygroundApi): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key === 'Enter') {
        event.preventDefault();
        void runActiveSnippet(api);
      } else if (mod && event.altKey && event.code === 'KeyP') {
        event.preventDefault();
        togglePresenting();
      } else if (mod && isPresenting() && ['=', '+', '-', '0'].includes(event.key)) {
        // While presenting, the browser's own zoom keys zoom the app instead, so the panes and editor follow.
        event.preventDefault();
        zoomPresenter(event.key === '0' ? 0 : event.key === '-' ? -1 : 1);
      } else if (mod && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void getActiveEditor()?.flushSave();
      } else if (
        event.key === 'Escape' &&
        isRunning() &&
        !event.defaultPrevented &&
        !document.querySelector('dialog[open]')
      ) {
        void cancelCurrentRun(api);
      } else if (event.key === 'F1' || (event.key === '?' && !isTyping(event.target))) {
        event.preventDefault();
        usePlaygroundStore.setState({ helpOpen: true });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [api]);
}
