/** The one editor's current program and pending save, for the run bar and shortcuts. */
interface ActiveEditor {
  snippetId: string | null;
  getCode(): string;
  flushSave(): Promise<void>;
}

let active: ActiveEditor | null = null;

export function setActiveEditor(editor: ActiveEditor | null): void {
  active = editor;
}

export function getActiveEditor(): ActiveEditor | null {
  return active;
}
