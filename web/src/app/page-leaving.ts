/**
 * Whether this page is being left (a reload, a link to another site, the tab closed). The
 * browser then cancels the requests still running, and they fail without the server having
 * said anything: a session must not end on such a failure. Shown again from the back-forward
 * cache, the page lives on.
 */
let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export function pageIsLeaving(): boolean {
  return leaving;
}
