/**
 * Google Identity Services and the Facebook SDK, loaded only when the server enables them
 * (GET /api/config) and only once the sign-in modal is opened: visitors who never sign in
 * never download them.
 */
import { AUTH } from '@creadefi/domain';

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const FACEBOOK_SCRIPT = 'https://connect.facebook.net/fr_FR/sdk.js';
const FACEBOOK_API_VERSION = 'v19.0';

/** The part of Google Identity Services this app uses. */
export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup'; cancel_on_tap_outside?: boolean }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

/** The part of the Facebook JavaScript SDK this app uses. */
export interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: { authResponse?: { accessToken: string; userID: string } | null; status?: string }) => void, options?: { scope: string }): void;
}

declare global {
  interface Window {
    google?: GoogleIdentity;
    FB?: FacebookSdk;
  }
}

const pending = new Map<string, Promise<void>>();

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(AUTH.screens.scriptFailed(src)));
    };
    document.head.appendChild(script);
  });
}

/** Loads a script once; a failed load is tried a second time before giving up (docs/product.md §11). */
function loadScript(src: string): Promise<void> {
  let promise = pending.get(src);
  if (!promise) {
    promise = injectScript(src)
      .catch((error: unknown) => {
        console.warn('Nouvel essai de chargement :', (error as Error).message);
        return injectScript(src);
      })
      .catch((error: unknown) => {
        // Forget the failure so that opening the modal again can try once more.
        pending.delete(src);
        throw error;
      });
    pending.set(src, promise);
  }
  return promise;
}

export async function loadGoogle(): Promise<GoogleIdentity> {
  await loadScript(GOOGLE_SCRIPT);
  if (!window.google?.accounts?.id) throw new Error(AUTH.screens.googleUnavailable);
  return window.google;
}

let facebookInitialised: string | null = null;

export async function loadFacebook(appId: string): Promise<FacebookSdk> {
  await loadScript(FACEBOOK_SCRIPT);
  const fb = window.FB;
  if (!fb) throw new Error(AUTH.screens.facebookUnavailable);
  if (facebookInitialised !== appId) {
    fb.init({ appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false });
    facebookInitialised = appId;
  }
  return fb;
}
