/**
 * Run at the end of `vite build` (vite.config.ts), or on its own after it: draws with the app's
 * own components, into copies of the built index.html, the public pages (landing, FAQ, CGU,
 * privacy notice) and the frames of the listings, the proposals page, a contest's page and a
 * conversation (src/app/prerender.tsx),
 * so that they show their text before any script has run; the browser then takes them over
 * (start.tsx). The server answers these addresses with them (server/src/http/web-pages.ts
 * reads PRERENDERED_FILE).
 *
 * The components are bundled for Node by Vite (same CSS module names as the browser's build),
 * the libraries left to Node. The bundle stays in the build, never served: the server draws
 * members' pages with their data with it (server/src/http/member-pages.ts reads RENDERER_FILE).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { ROUTE_HINTS_FILE, type RouteHint } from './route-hints.ts';
import { pageHtml } from './prerendered-html.ts';

/** The list of pages drawn, by address, beside the build's other notes (never served). */
export const PRERENDERED_FILE = '.vite/prerendered.json';
const PAGES_DIR = '.vite/prerendered';
/** The bundle, inside web/ so that Node finds the libraries it leaves out. */
export const RENDERER_FILE = '.vite/render/prerender.mjs';

/**
 * What the drawn pages load lazily and need drawn: their own modules and stylesheets; and, for a
 * member's page drawn with their data (renderMemberPage), the header's account menu and the
 * modules their routes start their data with (router.tsx).
 */
const DRAWN =
  /\/features\/(public\/(HomePage|FaqPage|CguPage|PrivacyPage)|contests\/(ContestListingPage|listing-route)|proposals\/(ProposalsPage|proposals-route)|contest-details\/(ContestDetailsPage|MyParticipation|NdaTeaser|details-route)|messages\/(ConversationPage|conversation-query))$|\/HeaderAccount$|\.css$/;

/**
 * Only the drawn pages are bundled: any other lazily loaded code (member pages, dialogs, widgets
 * that load near the screen) stays an import Node never runs, which halves the work.
 */
function onlyDrawnPages(): Plugin {
  return {
    name: 'creadefi-prerender-only-drawn-pages',
    enforce: 'pre',
    resolveDynamicImport(source, importer) {
      if (typeof source !== 'string') return null;
      // A module's own neighbours are imported by a relative path ('./MyParticipation').
      const module = source.startsWith('.') && importer ? path.resolve(path.dirname(importer), source) : source;
      return DRAWN.test(module) ? null : { id: source, external: true };
    },
  };
}

type Renderer = typeof import('../src/app/prerender.tsx');

/** Draws the pages into the build of the web app at `root`; returns how many. */
export async function prerenderPages(root: string): Promise<number> {
  const dist = path.join(root, 'dist');
  const outDir = path.join(dist, path.dirname(RENDERER_FILE));
  process.env.NODE_ENV = 'production';
  await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    // The browser's build has the public files already.
    publicDir: false,
    plugins: [onlyDrawnPages(), react()],
    build: { ssr: 'src/app/prerender.tsx', outDir, emptyOutDir: true, minify: false, rolldownOptions: { output: { entryFileNames: path.basename(RENDERER_FILE) } } },
  });
  const renderer = (await import(pathToFileURL(path.join(dist, RENDERER_FILE)).href)) as Renderer;
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const { routes: hints, memberHeader }: { routes: RouteHint[]; memberHeader?: RouteHint } = JSON.parse(fs.readFileSync(path.join(dist, ROUTE_HINTS_FILE), 'utf8'));
  fs.rmSync(path.join(dist, PAGES_DIR), { recursive: true, force: true });
  fs.mkdirSync(path.join(dist, PAGES_DIR), { recursive: true });
  const written: Record<string, string> = {};
  const signingIn: string[] = [];
  for (const page of renderer.drawnPages()) {
    // A member's frame may become their page, header included (server/src/http/member-pages.ts).
    const styles = new Set([...(hints.find((hint) => hint.path === page.route)?.styles ?? []), ...(page.signingIn ? (memberHeader?.styles ?? []) : [])]);
    const file = `${PAGES_DIR}/${page.name}.html`;
    const { html, landedOn, failure } = await renderer.renderPage(page.drawnAt, page);
    if (failure) throw new Error(`${page.drawnAt} : la route n'a pas pu être chargée pour être dessinée`, { cause: failure });
    if (landedOn !== page.drawnAt) throw new Error(`${page.drawnAt} : la page redirige vers ${landedOn}, elle ne peut pas être dessinée`);
    fs.writeFileSync(path.join(dist, file), pageHtml(index, html, [...styles], page));
    written[page.address] = file;
    if (page.signingIn) signingIn.push(page.address);
  }
  fs.writeFileSync(path.join(dist, PRERENDERED_FILE), `${JSON.stringify({ pages: written, signingIn }, null, 1)}\n`);
  return Object.keys(written).length;
}

// Run on its own: `node scripts/prerender.ts` after `vite build`.
if (process.argv[1] === fileURLToPath(import.meta.url)) await prerenderPages(path.resolve(import.meta.dirname, '..'));
