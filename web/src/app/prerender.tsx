/**
 * Draws a public page at build time, with the app's own tree, for a visitor who has not signed
 * in (web/scripts/prerender.ts writes the result into the page the server sends). Parts that
 * wait for code (lazy widgets) are drawn once it has arrived, as the browser will see them.
 */
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { AppRoot, routeLoaded } from './app-root';
import { paths } from './paths';
import { routes } from './router';

/** The pages drawn at build time, by address: the same for every visitor, and read before signing in. */
export const PRERENDERED_PAGES = { [paths.home]: 'home', [paths.faq]: 'faq', [paths.cgu]: 'cgu', [paths.privacy]: 'confidentialite' } as const;

/** The page drawn at `pathname`, and the address the router landed on (another one: a redirect). */
export async function renderPage(pathname: string): Promise<{ html: string; landedOn: string }> {
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  await routeLoaded(router);
  const landedOn = router.state.location.pathname;
  // Whole: a large part would otherwise be sent after its placeholder with an inline script to
  // swap them, which the page's Content-Security-Policy refuses (script-src 'self').
  const { prelude } = await prerender(<AppRoot router={router} />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  router.dispose();
  return { html: await new Response(prelude).text(), landedOn };
}
