import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type ResolvedConfig } from 'vite';
import type { CodeSplittingGroup, CodeSplittingNameFunction } from 'rolldown';
import react from '@vitejs/plugin-react';
import { paths } from './src/app/paths.ts';
import { readRouteLoads, ROUTE_HINTS_FILE, routeHints } from './scripts/route-hints.ts';
import { firstLoadModules } from './scripts/first-load-modules.ts';
import { prerenderPages } from './scripts/prerender.ts';
import { stableMantineIds } from './scripts/stable-mantine-ids.ts';

/** The router, read at build time for what each route loads. */
const ROUTER = 'src/app/router.tsx';
/** The text faces of the landing's first screen (main.tsx loads them). */
const FIRST_SCREEN_FONTS = /^assets\/jost-latin-(400|500|600)-normal-[\w-]+\.woff2$/;

/** The entry: it sends the first requests, then imports the app (main.tsx). */
const ENTRY = 'src/main.tsx';
/** The entry's file, named after index.html, which loads it. */
const ENTRY_CHUNK = /^assets\/index-[\w-]+\.js$/;
/**
 * Code fetched when the browser is idle (src/ui/load-when-idle.ts): a dialog's, a tooltip's.
 * No module preload is inserted for it: each link the helper inserts costs a slowed phone up to
 * 8 ms while DevTools records the network, and it inserted one for every chunk those modules
 * import, already loaded or not (80 ms in one idle task). Their own imports follow them a round
 * trip later, which an idle fetch can afford.
 */
const IDLE_CHUNK = /^assets\/(tooltip|modal)-code-[\w-]+\.js$/;
/** The app, and the home route's module: with the entry, what "/" runs before it shows. */
const APP = 'src/app/start.tsx';
/** The header's part for a signed-in member, loaded once the session is known (Header.tsx). */
const HEADER_ACCOUNT = 'src/app/layout/HeaderAccount.tsx';
const LANDING = 'src/features/public/HomePage.tsx';
/**
 * Libraries that only some pages need, and that a module shared by most pages must not drag
 * into them: positioning and scroll locking for popovers, menus and dialogs (some 20 Ko gzip),
 * and zod for the forms (24 Ko gzip).
 */
const PAGE_LIBRARIES = /[\\/]node_modules[\\/](@floating-ui|react-remove-scroll|zod)[\\/]/;

type ChunkingContext = Parameters<CodeSplittingNameFunction>[1];

/**
 * Fewer files, each a round trip on a phone's network (six at a time over HTTP/1.1): what the
 * app runs at start in one file instead of fifteen, and the Mantine components and the app's
 * modules that four pages or more share in one file instead of some thirty of 1 to 4 Ko. The
 * landing loads no byte more (its own modules stay where the bundler puts them), nor does a
 * page without dialogs or forms (what needs PAGE_LIBRARIES stays with the pages that use it).
 * Measured in bench/RESULTS.md.
 */
function chunkGroups(): CodeSplittingGroup[] {
  let sets: { entry: Set<string>; app: Set<string>; firstLoad: Set<string> } | undefined;
  const read = (ctx: ChunkingContext) => {
    const graph = (id: string) => ctx.getModuleInfo(id);
    const [entry, app, landing] = [ENTRY, APP, LANDING].map((file) => path.resolve(import.meta.dirname, file));
    if (!sets) {
      const [fromEntry, fromApp] = [firstLoadModules([entry!], graph), firstLoadModules([app!], graph)];
      sets = { entry: fromEntry, app: fromApp, firstLoad: new Set([...fromEntry, ...fromApp, ...firstLoadModules([landing!], graph)]) };
    }
    return sets;
  };
  const needing = new Map<string, boolean>();
  const needsPageLibraries = (id: string, ctx: ChunkingContext): boolean => {
    const known = needing.get(id);
    if (known !== undefined) return known;
    needing.set(id, false); // a cycle adds nothing
    const found = PAGE_LIBRARIES.test(id) || (ctx.getModuleInfo(id)?.importedIds ?? []).some((imported) => needsPageLibraries(imported, ctx));
    needing.set(id, found);
    return found;
  };
  return [
    // Every icon the app draws in one file (≈ 9 Ko gzip) rather than one file per icon.
    { name: 'icons', test: /[\\/]@tabler[\\/]icons-react[\\/]/ },
    // React, then the router and the data cache, on their own: the entry runs each in a task of
    // its own before the rest of the app (main.tsx, app/libraries.ts).
    { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
    { name: 'libraries', test: /[\\/]node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]|[\\/]src[\\/]app[\\/]libraries\.ts$/ },
    // Not the entry's own modules: the entry must not wait for this file.
    { name: (id, ctx) => (read(ctx).app.has(id) && !read(ctx).entry.has(id) ? 'startup' : null), includeDependenciesRecursively: false },
    {
      name: (id, ctx) => (read(ctx).firstLoad.has(id) || needsPageLibraries(id, ctx) ? null : 'shared'),
      test: /[\\/]@mantine[\\/](core|hooks)[\\/]|[\\/](web|domain)[\\/]src[\\/]/,
      // Their dependencies stay where they are: the first load's, and the page libraries.
      includeDependenciesRecursively: false,
      minShareCount: 4,
    },
  ];
}

/**
 * The text fonts, hinted in index.html: a page the app draws itself fetches them beside its
 * code. A page drawn in advance has its text on screen first: the server hands these hints to
 * its loader, which gives them at the first paint (src/app/web-fonts.ts).
 */
function preloadFonts(): Plugin {
  return {
    name: 'creadefi-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return Object.values(ctx.bundle ?? {})
          .filter((output) => output.type === 'asset' && FIRST_SCREEN_FONTS.test(output.fileName))
          .map((font): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font.fileName}`, crossorigin: '' }, injectTo: 'head' }));
      },
    },
  };
}

/**
 * The tab's icon, written into the page as a data address: a linked icon is one request more on a
 * phone's line while the page's stylesheets are still coming, before the first paint.
 */
function inlineFavicon(): Plugin {
  const link = 'href="/favicon.svg"';
  return {
    name: 'creadefi-inline-favicon',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(link)) throw new Error(`index.html : ${link} introuvable`);
        const svg = fs.readFileSync(path.join(import.meta.dirname, 'public', 'favicon.svg'), 'utf8').trim();
        return html.replace(link, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
      },
    },
  };
}

/**
 * Writes, for each route of router.tsx, the files of its page that the entry would only ask
 * for once it has run (scripts/route-hints.ts): the server announces them in the page it
 * serves for that address, and the browser fetches them beside the entry.
 */
function routeHintsFile(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'creadefi-route-hints',
    apply: 'build',
    // After Vite's own plugins, once a stylesheet imported on its own has lost its empty chunk.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const router = path.join(root, ROUTER);
        const routes = readRouteLoads(fs.readFileSync(router, 'utf8'), { paths });
        const resolved = await Promise.all(
          routes.map(async (route) => ({
            path: route.path,
            // The app first: every page runs it, and main.tsx imports it only once it has run.
            modules: await Promise.all(
              [path.join(root, APP), ...route.imports].map(async (specifier) => {
                const id = (await this.resolve(specifier, router))?.id;
                if (!id) throw new Error(`${ROUTER} : ${specifier} introuvable`);
                return id;
              }),
            ),
          })),
        );
        const outputs = Object.values(bundle);
        const chunks = outputs.flatMap((o) => (o.type === 'chunk' ? [{ fileName: o.fileName, isEntry: o.isEntry, imports: o.imports, moduleIds: o.moduleIds, css: [...(o.viteMetadata?.importedCss ?? [])] }] : []));
        const assets = outputs.flatMap((o) => (o.type === 'asset' ? [{ fileName: o.fileName, sources: o.originalFileNames.map((f) => path.resolve(root, f)) }] : []));
        const hints = routeHints(resolved, chunks, assets, base);
        // What a member's page drawn with their data shows at once, beyond its route's files (web/scripts/prerender.ts).
        const [memberHeader] = routeHints([{ path: HEADER_ACCOUNT, modules: [path.join(root, HEADER_ACCOUNT)] }], chunks, assets, base);
        this.emitFile({ type: 'asset', fileName: ROUTE_HINTS_FILE, source: `${JSON.stringify({ routes: hints, memberHeader }, null, 1)}\n` });
      },
    },
  };
}

/**
 * Brotli (best quality) and gzip copies of every text file of the build, served as they are by
 * the server (@fastify/static's preCompressed): smaller than compressing on each request, and
 * no processor time spent on it while serving.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'creadefi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|txt)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        // The build's own notes (.vite/) are read by the server, never sent.
        if (path.relative(outDir, file).startsWith('.')) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The public pages and the members' frames drawn into copies of index.html once the build is written
 * (scripts/prerender.ts): in this process, which has the bundler and the CSS tools loaded
 * already, rather than in a second one.
 */
function prerender(): Plugin {
  let root = '';
  let logger: ResolvedConfig['logger'] | undefined;
  return {
    name: 'creadefi-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      logger = config.logger;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const started = performance.now();
        const pages = await prerenderPages(root);
        logger?.info(`${pages} pages dessinées en ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}

export default defineConfig({
  plugins: [stableMantineIds(), react(), preloadFonts(), inlineFavicon(), routeHintsFile(), precompress(), prerender()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lists every chunk with its imports and stylesheets: the first-load budget reads it.
    manifest: true,
    modulePreload: {
      // The entry's own imports (main.tsx): the server announces their files in every page it
      // serves (route hints, or a drawn page's loader, one per task); the preload helper would
      // insert the same links again, all in the one task that runs the entry.
      resolveDependencies: (file, deps, { hostId, hostType }) => {
        if (hostType === 'js' && ENTRY_CHUNK.test(hostId)) return [];
        return IDLE_CHUNK.test(file) ? deps.filter((dep) => dep.endsWith('.css')) : deps;
      },
    },
    // Budgets are enforced by bench/ and its test; this only silences Vite's generic warning.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups() },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
