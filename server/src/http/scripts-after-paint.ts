/**
 * A page drawn at build time shows its text before any script runs. Its code is only fetched
 * once that text is on screen: on a phone's network the page, its stylesheets and its fonts
 * have the line to themselves until then, and the code (a hundred times the page's text) comes
 * after. The code then takes the drawing over as before (hydration).
 *
 * The page's entry and the route's modules go, as attributes, to one fixed inline script. The
 * Content-Security-Policy allows that script by its hash and no other inline script.
 *
 * Jost's files, the text's face, wait for the same paint: the app asks for them as it starts, and
 * the page keeps the system face it was drawn in (web/src/app/web-fonts.ts). Three font preloads
 * inserted at the paint cost the main thread more than the app's own request (some 20 ms while
 * DevTools records the network, four times that on a slow phone). A browser that has loaded Jost
 * before (FONTS_KEY) fetches them at once, from its cache, and the page is set in Jost
 * (FONTS_ATTRIBUTE) before its first paint.
 */
import { createHash } from 'node:crypto';
import { attribute } from './route-hints';

/** Where the web app keeps a member's session token (web/src/api/token.ts; a test checks they agree). */
export const SESSION_TOKEN_KEY = 'creadefi.token';
/** Set by the web app once this browser has loaded Jost (web/src/app/web-fonts.ts; a test checks they agree). */
export const FONTS_KEY = 'creadefi.fonts';
/** On `<html>`: the page may use Jost (web/src/app/global.css). */
export const FONTS_ATTRIBUTE = 'data-fonts';

/**
 * The code is asked for once the browser reports the first paint of the text (Paint Timing),
 * which comes after the frame is on screen; a frame's own callbacks run before it is. A browser
 * without Paint Timing waits two frames. A hidden tab paints nothing: it loads at once. So does
 * anyone for whom the drawing is not their page: a signed-in member (a session token is kept)
 * on a page drawn for a visitor, and a visitor on a member page's frame (`data-signing-in`),
 * whom the app sends elsewhere.
 *
 * The entry goes first, then the module preloads, one per task: each preload inserted costs the
 * browser a millisecond of main thread or more (up to eight while DevTools records the network,
 * as Lighthouse does), four times that on a slow phone; the thirty-odd of a member page in one
 * task blocked taps for over 100 ms right after the paint, and four at a time still did for 30
 * to 130 ms.
 */
export const PRELOADS_PER_TASK = 1;

export const SCRIPT_LOADER = `(function(s){var done=0,h=document.head,f=(s.dataset.fonts||'').split(' ').filter(Boolean);function link(u,rel,as){var l=document.createElement('link');l.rel=rel;if(as){l.as=as;l.type='font/woff2'}l.crossOrigin='';l.href=u;h.appendChild(l)}function fonts(){f.splice(0).forEach(function(u){link(u,'preload','font')})}function go(){if(done)return;done=1;var m=(s.dataset.modules||'').split(' ').filter(Boolean),e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=s.dataset.entry;h.appendChild(e);(function next(){m.splice(0,${PRELOADS_PER_TASK}).forEach(function(u){link(u,'modulepreload')});if(m.length)setTimeout(next,0)})()}var t=null,k=null;try{t=localStorage.getItem('${SESSION_TOKEN_KEY}');k=localStorage.getItem('${FONTS_KEY}')}catch(x){}if(k){fonts();document.documentElement.setAttribute('${FONTS_ATTRIBUTE}','')}if(document.visibilityState==='hidden')return go();if(!t!==!('signingIn' in s.dataset))return go();document.addEventListener('visibilitychange',go);var p=window.PerformanceObserver;if(p&&(p.supportedEntryTypes||[]).indexOf('paint')>=0)new p(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(go,0)}).observe({type:'paint',buffered:true});else requestAnimationFrame(function(){requestAnimationFrame(go)})})(document.currentScript)`;

/** The loader's source for the `script-src` directive. */
export const SCRIPT_LOADER_SOURCE = `'sha256-${createHash('sha256').update(SCRIPT_LOADER).digest('base64')}'`;

const ENTRY = /<script\s+type="module"\s+crossorigin\s+src="([^"]+)"\s*><\/script>\s*/i;
const MODULE_PRELOAD = /<link\s+rel="modulepreload"\s+crossorigin\s+href="([^"]+)"\s*\/?>\s*/gi;
const FONT_PRELOAD = /<link\s+rel="preload"\s+as="font"\s+type="font\/woff2"\s+href="([^"]+)"\s+crossorigin(?:="")?\s*\/?>\s*/gi;

const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * The page with its entry script, module preloads and font preloads replaced by the loader, last in the body.
 * `signingIn`: the page is a member page's frame (prerendered-pages.ts). A page without an
 * entry script is returned as it is.
 */
export function withScriptsAfterFirstPaint(html: string, { signingIn = false } = {}): string {
  const entry = ENTRY.exec(html);
  if (!entry) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((m) => unescape(m[1]!));
  const fonts = [...html.matchAll(FONT_PRELOAD)].map((m) => unescape(m[1]!));
  const end = html.search(/<\/body>/i);
  if (end < 0) return html;
  const loader = `<script data-entry="${attribute(unescape(entry[1]!))}" data-modules="${attribute(modules.join(' '))}" data-fonts="${attribute(fonts.join(' '))}"${signingIn ? ' data-signing-in' : ''}>${SCRIPT_LOADER}</script>\n  `;
  const body = `${html.slice(0, end)}${loader}${html.slice(end)}`;
  return body.replace(ENTRY, '').replace(MODULE_PRELOAD, '').replace(FONT_PRELOAD, '');
}
