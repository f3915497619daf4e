import { useSyncExternalStore } from 'react';
import { useDisplaySettings } from '../display/displaySettings';

const query = () => window.matchMedia('(prefers-color-scheme: dark)');

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
