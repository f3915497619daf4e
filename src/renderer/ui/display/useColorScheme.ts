import { useSyncExternalStore } from 'react';
import { useDisplaySettings } from './displaySettings';

let media: MediaQueryList | undefined;
// One query for the page: creating one per render (the editor renders per live batch) cost a style update each.
const query = () => (media ??= window.matchMedia('(prefers-color-scheme: dark)'));

/** The scheme in use: the one chosen in the header, or the OS setting (followed live) for "system". */
export function useColorScheme(): 'light' | 'dark' {
  const { theme } = useDisplaySettings();
  const os = useSyncExternalStore(
    (onChange) => {
      const media = query();
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => (query().matches ? 'dark' : 'light'),
  );
  return theme === 'system' ? os : theme;
}
