/**
 * Files are served only to who may see them (docs/product.md §6): the request must carry
 * the bearer header, which an <img src> or <a href> cannot. These helpers fetch the bytes
 * with the token and hand the page an object URL, revoked as soon as it is no longer shown.
 */
import { useEffect, useState } from 'react';
import { getToken } from '../api/client';
import { apiErrorFrom } from '../api/client';

export type AuthorisedImageState = { status: 'idle' | 'loading' | 'error'; src: null } | { status: 'ready'; src: string };

async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  if (!res.ok) throw apiErrorFrom(res.status, await res.json().catch(() => null));
  return res.blob();
}

/**
 * An object URL for an authorised file (an image preview, a video, a sound), or null while
 * it loads. `url` is the API path as the server gives it (`/api/files/12/preview`); null
 * loads nothing.
 */
export function useAuthorisedImage(url: string | null | undefined): AuthorisedImageState {
  const [state, setState] = useState<{ url: string | null; value: AuthorisedImageState }>({ url: null, value: { status: 'idle', src: null } });

  // A new url starts loading at once rather than showing the previous image for a frame.
  const key = url ?? null;
  if (state.url !== key) setState({ url: key, value: { status: key ? 'loading' : 'idle', src: null } });

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchBlob(key, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ url: key, value: { status: 'ready', src: objectUrl } });
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ url: key, value: { status: 'error', src: null } });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key]);

  return state.url === key ? state.value : { status: key ? 'loading' : 'idle', src: null };
}

/** Saves an authorised file under its own name: fetched with the token, then offered from an object URL. */
export async function downloadAuthorisedFile(url: string, filename: string): Promise<void> {
  const blob = await fetchBlob(url);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser reads the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
}

/** A download button's state: busy while the file is fetched, a refusal shown as a notification. */
export function useAuthorisedDownload(onError: (error: unknown) => void): { busy: boolean; download: (url: string, filename: string) => void } {
  const [busy, setBusy] = useState(false);
  const download = (url: string, filename: string) => {
    setBusy(true);
    downloadAuthorisedFile(url, filename)
      .catch(onError)
      .finally(() => setBusy(false));
  };
  return { busy, download };
}
