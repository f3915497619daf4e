import { useSyncExternalStore } from 'react';

const query = () => window.matchMedia('(prefers-color-scheme: dark)');

/** Follows the OS light/dark setting live. */
export function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    (onChange) => {
      const media = query();
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => (query().matches ? 'dark' : 'light'),
  );
}
