/**
 * Jost, the brand's face, never holds the first paint back nor moves a page already drawn.
 *
 * On a phone's network its three files (33 Ko) would share the line with the page and its
 * stylesheets, and the first paint would wait for them. Once a page is drawn, swapping Jost in
 * lays its whole text out again: on a slow phone, a task of some 200 ms right after the paint.
 * So the page uses Jost only once `<html>` carries FONTS_ATTRIBUTE (global.css); until then its
 * text is set in a system face sized to Jost.
 *
 * - A page drawn in advance, in a browser that has loaded Jost before (FONTS_KEY): the server's
 *   loader sets the attribute and fetches the files from the cache before the first paint
 *   (server/src/http/scripts-after-paint.ts).
 * - The same page on a first visit: the app fetches the files as it starts, after the first
 *   paint (startWebFonts); the page keeps the system face, and the next page the member opens,
 *   which is laid out anyway, is set in Jost.
 * - A page the app draws itself: Jost at once, since nothing is on screen yet.
 */
export const FONTS_ATTRIBUTE = 'data-fonts';
/** Set once this browser has loaded every weight of Jost the app uses. */
export const FONTS_KEY = 'creadefi.fonts';

const WEIGHTS = ['400', '500', '600'];

let loaded = false;

/** Loads Jost's weights, remembers they are in this browser's cache, and uses them at once on a page not drawn yet. */
export async function startWebFonts(drawn: boolean, doc: Document = document, storage: Pick<Storage, 'setItem'> = localStorage): Promise<void> {
  // Without the CSS Font Loading API (an old browser), the page uses Jost at once, as it arrives.
  if (!drawn || !doc.fonts) doc.documentElement.setAttribute(FONTS_ATTRIBUTE, '');
  if (!doc.fonts) return;
  try {
    const faces = await Promise.all(WEIGHTS.map((weight) => doc.fonts.load(`${weight} 1em Jost`)));
    loaded = faces.every((found) => found.length > 0);
    if (loaded) storage.setItem(FONTS_KEY, '1');
  } catch {
    // A file that failed, or storage refused: the next visit waits for the paint again.
  }
}

interface Navigations {
  readonly state: { readonly location: unknown };
  subscribe(listener: (state: { readonly location: unknown }) => void): () => void;
}

/** On a page first shown in the system face: Jost from the next page on, once it has loaded. */
export function switchToJostOnNextPage(router: Navigations, doc: Document = document): void {
  const root = doc.documentElement;
  if (root.hasAttribute(FONTS_ATTRIBUTE)) return;
  let shown = router.state.location;
  const stop = router.subscribe((state) => {
    if (state.location === shown) return;
    shown = state.location;
    if (!loaded) return;
    root.setAttribute(FONTS_ATTRIBUTE, '');
    stop();
  });
}

/** For tests: forget that Jost has loaded. */
export function resetWebFontsForTests(): void {
  loaded = false;
}
