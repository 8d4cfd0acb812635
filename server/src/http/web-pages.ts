/**
 * Which unknown paths the web app's page answers. It routes every page path itself, but a
 * missing file — a script of an earlier build asked for by a tab opened before a deployment —
 * must get a 404: answered with the page, the browser would refuse it as a script, whereas a
 * failed load lets the app reload onto the new build.
 */
const FILE_NAME = /\/[^/]*\.[a-z0-9]{1,8}$/i;

export function isWebPagePath(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split(/[?#]/, 1)[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (pathname.startsWith('/assets/')) return false;
  return !FILE_NAME.test(pathname);
}
