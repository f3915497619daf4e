import { Dialog } from '../ui/Dialog';
import { shortcutLabel } from '../ui/shortcutLabel';

export const SHORTCUTS: { keys: string; what: string }[] = [
  { keys: 'Mod+Enter', what: 'Run the open snippet' },
  { keys: 'Esc', what: 'Cancel the running program' },
  { keys: 'Mod+S', what: 'Save the snippet now (it also saves as you type)' },
  { keys: 'Ctrl+Space', what: 'Suggest tools and fields in the editor' },
  {
    keys: 'F8',
    what: 'Resume the paused call of the run shown (with nothing paused: next problem in the editor)',
  },
  { keys: 'F10', what: 'Step: run the paused call of the run shown and stop at the next one' },
  { keys: 'F9', what: "Set or remove a breakpoint on the cursor's line (a line that calls a tool)" },
  { keys: 'Shift+F8', what: 'Cancel the running program (as Esc)' },
  { keys: 'Mod+Shift+F', what: 'Search the transcript (the editor keeps its own find key)' },
  { keys: '↑ / ↓', what: 'Move through transcript rows (when the transcript has focus)' },
  { keys: 'Mod+Alt+P', what: 'Presenter mode on or off (larger type, workspace pane hidden)' },
  { keys: 'Mod+= / Mod+- / Mod+0', what: 'While presenting: zoom in, out, back to the default' },
  { keys: '? or F1', what: 'Show this help' },
];

export function HelpOverlay({ onClose }: { onClose(): void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose}>
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys}>
              <td>
                <kbd>{shortcutLabel(s.keys)}</kbd>
              </td>
              <td>{s.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
