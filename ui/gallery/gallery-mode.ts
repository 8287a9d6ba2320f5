import { createContext, useContext } from 'react';
import type { ThemeMode } from '@outsync/ui';

/** The mode the gallery shows, for sections that print token values (the swatches). */
export const GalleryModeContext = createContext<ThemeMode>('light');

export function useGalleryMode(): ThemeMode {
  return useContext(GalleryModeContext);
}

const storageKey = 'outsync-gallery-mode';

/** The last mode chosen here, else the system's preference. */
export function initialGalleryMode(): ThemeMode {
  const stored = localStorage.getItem(storageKey);
  if (stored === 'light' || stored === 'dark') return stored;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function rememberGalleryMode(mode: ThemeMode): void {
  localStorage.setItem(storageKey, mode);
}
