/**
 * Draws pages with the app's own tree. At build time (web/scripts/prerender.ts writes the
 * result into the page the server sends):
 * - public pages, as a visitor who has not signed in sees them;
 * - the frames of some member pages (title, skeletons), as a member sees them while their
 *   profile loads: the same for every member, and shown before any script has run.
 * At a page's request, a member's page with their data (renderMemberPage).
 * Parts that wait for code (lazy widgets) are drawn once it has arrived, as the browser will see them.
 */
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { CATEGORIES, subCategoriesOf, type PublicUser } from '@creadefi/domain';
import { drawFor } from '../api/token';
import { AppRoot, routeLoaded } from './app-root';
import { paths } from './paths';
import { queryClient } from './providers';
import { routes, startedData } from './router';
import { ME_KEY } from './session';
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

/** A member's page as the server draws it: its markup, and the cache it was drawn from (the app starts from it, page-data.ts). */
export interface MemberPage {
  html: string;
  queries: DehydratedState;
}

/**
 * Draws a member's page with their data, at the request of a page (server/src/http/member-pages.ts):
 * the profile and the data the page's route starts are asked of `send`, which answers them as
 * the API would answer this member. Null when the member's session is not valid, or the route
 * sends elsewhere: the server then sends the frame.
 *
 * The app's cache and the client's token are the module's own, so two drawings must never run
 * at once (the server runs them one after the other).
 */
export async function renderMemberPage(url: string, token: string, send: (path: string) => Promise<Response>): Promise<MemberPage | null> {
  const me = await send('/user/me');
  if (!me.ok) return null;
  queryClient.clear();
  queryClient.setQueryData(ME_KEY, ((await me.json()) as { results: { user: PublicUser } }).results.user);
  drawFor({ token, send });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  try {
    await routeLoaded(router);
    await Promise.all([...startedData]);
    // A page that sends elsewhere, or whose data could not all be read (a contest they may not
    // see): the app draws it, from its frame.
    const unread = queryClient.getQueryCache().getAll().some((query) => query.state.status !== 'success');
    if (unread || router.state.location.pathname !== new URL(url, 'http://page').pathname || Object.keys(router.state.errors ?? {}).length > 0) return null;
    const { prelude } = await prerender(<AppRoot router={router} drawnForMember />, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part whose code the renderer does not hold (a dialog, scripts/prerender.ts's DRAWN)
      // is drawn by the app; any other failure is the server's to report.
      onError: (error) => {
        if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') console.error(error);
      },
    });
    return { html: await new Response(prelude).text(), queries: dehydrate(queryClient) };
  } finally {
    router.dispose();
    drawFor(null);
    queryClient.clear();
  }
}
