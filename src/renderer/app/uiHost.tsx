import { usePlaygroundStore } from '../state/store';
import type { UiHost } from '../ui/uiHost';
import { Notices } from './Notices';

/** The UI kit's link to the app: notices and the count of open dialogs live in the playground store. */
export const appUiHost: UiHost = {
  notify: (kind, text) => usePlaygroundStore.getState().notify(kind, text),
  dialogOpened: () => {
    usePlaygroundStore.setState((s) => ({ openDialogs: s.openDialogs + 1 }));
    return () => usePlaygroundStore.setState((s) => ({ openDialogs: s.openDialogs - 1 }));
  },
  dialogNotices: <Notices inDialog />,
};
