/**
 * Draws pages at build time, with the app's own tree (web/scripts/prerender.ts writes the
 * result into the page the server sends):
 * - public pages, as a visitor who has not signed in sees them;
 * - the frames of some member pages (title, skeletons), as a member sees them while their
 *   profile loads: the same for every member, and shown before any script has run.
 * Parts that wait for code (lazy widgets) are drawn once it has arrived, as the browser will see them.
 */
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { CATEGORIES, subCategoriesOf } from '@creadefi/domain';
import { AppRoot, routeLoaded } from './app-root';
import { paths } from './paths';
import { routes } from './router';
import { ALL_CATEGORIES } from '../features/contests/listing-route';

export interface DrawnPage {
  /** The address it is served for; a `:param` segment stands for any value. */
  address: string;
  /** The route of router.tsx it belongs to, whose files the page needs (route hints). */
  route: string;
  /** Where it is drawn: the address itself, or one standing for all those of the pattern. */
  drawnAt: string;
  /** Its file's name. */
  name: string;
  /** Drawn as a member sees it while their profile loads (SessionProvider's `signingIn`). */
  signingIn: boolean;
}

const publicPage = (address: string, name: string): DrawnPage => ({ address, route: address, drawnAt: address, name, signingIn: false });

/** Every page the build draws. */
export function drawnPages(): DrawnPage[] {
  const listings = [
    { address: paths.listing(ALL_CATEGORIES), route: paths.listing(':category') },
    ...CATEGORIES.flatMap((category) => [
      { address: paths.listing(category.slug), route: paths.listing(':category') },
      ...subCategoriesOf(category.id).map((sub) => ({ address: paths.listing(category.slug, sub.slug), route: paths.listing(':category', ':subCategory') })),
    ]),
  ];
  return [
    publicPage(paths.home, 'home'),
    publicPage(paths.faq, 'faq'),
    publicPage(paths.cgu, 'cgu'),
    publicPage(paths.privacy, 'confidentialite'),
    ...listings.map(({ address, route }) => ({ address, route, drawnAt: address, name: address.slice(1).replace(/\//g, '-'), signingIn: true })),
    // Any contest's or conversation's: a frame holds nothing of either (each page draws it before its data arrives).
    { address: paths.proposals(':id'), route: paths.proposals(':id'), drawnAt: paths.proposals(1), name: 'propositions', signingIn: true },
    { address: paths.contestDetails(':id'), route: paths.contestDetails(':id'), drawnAt: paths.contestDetails(1), name: 'contest-details', signingIn: true },
    { address: paths.conversation(':id'), route: paths.conversation(':id'), drawnAt: paths.conversation(1), name: 'conversation', signingIn: true },
  ];
}

/** The page drawn at `pathname`, the address the router landed on (another one: a redirect), and why its route failed to load, if it did. */
export async function renderPage(pathname: string, { signingIn }: { signingIn: boolean }): Promise<{ html: string; landedOn: string; failure: unknown }> {
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  await routeLoaded(router);
  const landedOn = router.state.location.pathname;
  // A route that failed to load (its page not bundled for the drawing, a loader that threw)
  // would be drawn as the router's error screen: the build refuses it (scripts/prerender.ts).
  const failure = Object.values(router.state.errors ?? {})[0];
  // Whole: a large part would otherwise be sent after its placeholder with an inline script to
  // swap them, which the page's Content-Security-Policy refuses (script-src 'self').
  const { prelude } = await prerender(<AppRoot router={router} signingIn={signingIn} />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  router.dispose();
  return { html: await new Response(prelude).text(), landedOn, failure };
}
