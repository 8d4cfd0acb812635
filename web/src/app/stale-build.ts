/**
 * A tab opened before a deployment asks for the scripts of the previous build, which are
 * gone: the server answers 404 and Vite reports `vite:preloadError`. Loading the page again
 * brings the new build. A reload that already happened within the last minute is not
 * repeated, so a script that really fails shows the error screen instead of a reload loop.
 */
import { MINUTE_MS } from '@creadefi/domain';
const KEY = 'creadefi.staleBuildReloadAt';
const MIN_INTERVAL_MS = MINUTE_MS;

export function installStaleBuildReload(win: Window = window, reload: () => void = () => win.location.reload()): () => void {
  const onPreloadError = (event: Event) => {
    const last = Number(win.sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < MIN_INTERVAL_MS) return;
    win.sessionStorage.setItem(KEY, String(Date.now()));
    event.preventDefault();
    reload();
  };
  win.addEventListener('vite:preloadError', onPreloadError);
  return () => win.removeEventListener('vite:preloadError', onPreloadError);
}
