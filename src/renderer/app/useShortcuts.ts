import { useEffect } from 'react';
import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { getActiveEditor } from '../state/activeEditor';
import { cancelCurrentRun, isRunning, runActiveSnippet } from '../state/runActions';
import { useDebugStore } from '../state/debugStore';
import { heldCallOfShownRun, heldElsewhereNotice } from '../state/heldCallOfShownRun';
import { usePlaygroundStore } from '../state/store';
import { useTabStore } from '../state/tabStore';
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
    const resumePaused = (action: 'continue' | 'step') => {
      const { paused: held } = useDebugStore.getState();
      if (held.length === 0) return false;
      const paused = heldCallOfShownRun(held, usePlaygroundStore.getState().currentRunId);
      if (!paused) {
        // Another run's call (an agent's, a tap's) is resumed only where it is shown, never blindly.
        usePlaygroundStore
          .getState()
          .notify('info', heldElsewhereNotice(held, usePlaygroundStore.getState().currentRunId), 'resume');
        return true;
      }
      api.debug
        .resume(paused.pauseId, { action })
        .catch((error: unknown) =>
          usePlaygroundStore.getState().notify('error', `Could not ${action}: ${String(error)}`),
        );
      return true;
    };
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      const plain = !mod && !event.altKey;
      // Captured before the editor sees them: F8 is also Monaco's "next problem" while nothing is paused.
      if (plain && !event.shiftKey && event.key === 'F8' && resumePaused('continue')) {
        event.preventDefault();
        event.stopPropagation();
      } else if (plain && !event.shiftKey && event.key === 'F10' && resumePaused('step')) {
        event.preventDefault();
        event.stopPropagation();
      } else if (plain && event.shiftKey && event.key === 'F8' && isRunning()) {
        event.preventDefault();
        event.stopPropagation();
        void cancelCurrentRun(api);
      } else if (mod && event.shiftKey && event.code === 'KeyF') {
        // Monaco keeps Ctrl+F (find in the editor); with Shift it focuses the transcript's search.
        event.preventDefault();
        event.stopPropagation();
        useTabStore.getState().select('right', 'transcript');
        requestAnimationFrame(() =>
          document.querySelector<HTMLInputElement>('input[aria-label="Search the transcript"]')?.focus(),
        );
      }
    };
    const onKeyAfterEditor = (event: KeyboardEvent) => {
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
    window.addEventListener('keydown', onKey, { capture: true });
    window.addEventListener('keydown', onKeyAfterEditor);
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      window.removeEventListener('keydown', onKeyAfterEditor);
    };
  }, [api]);
}
