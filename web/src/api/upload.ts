/**
 * Multipart uploads with progress. fetch() cannot report upload progress, so uploads go
 * through XMLHttpRequest; everything else matches the fetch client: the bearer header, the
 * API envelope and errors mapped to ApiError with the server's French text (a 500 becomes
 * the generic text). Proposal files and, later, conversation files share it.
 */
import { apiErrorFrom, getToken, type Envelope } from './client';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 100. */
  percent: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting it calls xhr.abort(): the server drops the partial file (docs/product.md §6). */
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException("L'envoi a été annulé.", 'AbortError');
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** POSTs a FormData to `/api${path}` and resolves with the envelope, or rejects with ApiError / AbortError. */
export function uploadForm<T = unknown>(path: string, form: FormData, options: UploadOptions = {}): Promise<Envelope<T>> {
  const { onProgress, signal } = options;
  return new Promise<Envelope<T>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      xhr.abort();
      finish(() => reject(abortError()));
    };

    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (!onProgress) return;
      const total = event.lengthComputable ? event.total : 0;
      onProgress({ loaded: event.loaded, total, percent: total ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0 });
    };
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) finish(() => resolve((data ?? {}) as Envelope<T>));
      else finish(() => reject(apiErrorFrom(xhr.status, data)));
    };
    xhr.onerror = () => finish(() => reject(apiErrorFrom(0, null)));
    xhr.ontimeout = () => finish(() => reject(apiErrorFrom(0, null)));
    xhr.onabort = () => finish(() => reject(abortError()));

    signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}
