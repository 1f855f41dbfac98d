import type { ComponentType } from 'react';

/** Set while a reload caused by a failed screen download is under way, so it happens once only. */
export const CHUNK_RELOAD_FLAG = 'sagano.chunk-reload';

type ScreenModule = { Component: ComponentType };

/**
 * A route `lazy` loader for a screen module. When the download fails (typically a new release
 * replaced the files), the page reloads once to fetch the new ones; a second failure is shown.
 */
export function lazyScreen(load: () => Promise<ScreenModule>, reload: () => void = () => window.location.reload()) {
  return async (): Promise<ScreenModule> => {
    try {
      const module = await load();
      sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
      return { Component: module.Component };
    } catch (error) {
      if (sessionStorage.getItem(CHUNK_RELOAD_FLAG)) {
        sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
        throw error;
      }
      sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
      reload();
      // Keep the router waiting: the page is going away.
      return new Promise<ScreenModule>(() => {});
    }
  };
}
