import { createContext, useContext, type ReactNode } from 'react';

/** What the UI kit needs from the app; the shell provides it (ui/ imports no state). */
export interface UiHost {
  /** Shows a notice: info fades on its own, an error stays until dismissed. */
  notify(kind: 'info' | 'error', text: string): void;
  /** A modal dialog opened (notices then show inside it); call the returned function when it closes. */
  dialogOpened(): () => void;
  /** Shown at the foot of every open modal dialog: the app's notices, above the dialog's backdrop. */
  dialogNotices: ReactNode;
}

export const UiHostContext = createContext<UiHost>({
  notify: () => {},
  dialogOpened: () => () => {},
  dialogNotices: null,
});

export function useUiHost(): UiHost {
  return useContext(UiHostContext);
}
