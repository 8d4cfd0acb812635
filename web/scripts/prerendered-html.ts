/**
 * A drawn page (scripts/prerender.ts): the built index.html with the page's drawing in its root
 * and the route's stylesheets applied before the first paint (the route's hints only preload
 * them, which would paint the text unstyled first).
 */
// The browser's start reads it to take the page over (or, for a member's frame, to replace it once its code is there).
import { MEMBER_FRAME, PRERENDERED_ATTRIBUTE } from '../src/app/prerendered.ts';

/** Between these, index.html holds the skeleton shown to the pages that are not drawn. */
const ROOT = /<div id="root">[\s\S]*?<!--\/root-->/;
/** A script without `src`: the page's Content-Security-Policy (script-src 'self') refuses it. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>/i;

/** React's mark of a part it could not draw and leaves to the browser (a mismatch when taken over). */
const CLIENT_RENDERED = '<!--$!-->';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `signingIn`: the frame of a member page (src/app/prerender.tsx), marked so on the root. */
export function pageHtml(index: string, body: string, styles: readonly string[], { signingIn = false } = {}): string {
  if (!ROOT.test(index)) throw new Error('index.html : <div id="root">…<!--/root--> introuvable');
  if (INLINE_SCRIPT.test(body)) throw new Error('la page dessinée contient un script en ligne, que la politique de sécurité du contenu bloquerait');
  if (body.includes(CLIENT_RENDERED)) throw new Error('une partie de la page n’a pas pu être dessinée (son code est-il chargé à la demande ?)');
  const links = styles.map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`).join('\n    ');
  return index.replace(ROOT, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}${signingIn ? `="${MEMBER_FRAME}"` : ''}>${body}</div><!--/root-->`).replace(/<\/head>/i, () => `  ${links}\n  </head>`);
}
