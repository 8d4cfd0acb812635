import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The home route's module (router.tsx): what "/" renders first. */
const LANDING = 'src/features/public/HomePage.tsx';
/** The text faces of the landing's first screen (main.tsx loads them). */
const FIRST_SCREEN_FONTS = /^assets\/jost-latin-(400|500|600)-normal-[\w-]+\.woff2$/;

/**
 * Hints in index.html for what the landing page needs before its first paint and that the
 * browser would otherwise find only after running the entry: the home route's chunk (and its
 * own imports) and the text fonts, which then arrive before the text is drawn instead of
 * swapping in later and moving the page. Other routes only fetch them early, unused.
 */
function preloadLanding(): Plugin {
  return {
    name: 'creadefi-preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const tags: HtmlTagDescriptor[] = [];
        for (const output of Object.values(bundle)) {
          if (output.type === 'asset' && FIRST_SCREEN_FONTS.test(output.fileName)) {
            tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${output.fileName}`, crossorigin: '' }, injectTo: 'head' });
          }
        }
        const landing = Object.values(bundle).find((o) => o.type === 'chunk' && o.facadeModuleId?.endsWith(LANDING));
        if (landing?.type === 'chunk') {
          const entryImports = new Set(Object.values(bundle).flatMap((o) => (o.type === 'chunk' && o.isEntry ? [o.fileName, ...o.imports] : [])));
          for (const file of [landing.fileName, ...landing.imports].filter((f) => !entryImports.has(f))) {
            tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` }, injectTo: 'head' });
          }
          for (const sheet of landing.viteMetadata?.importedCss ?? []) {
            tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: '', href: `/${sheet}` }, injectTo: 'head' });
          }
        }
        return tags;
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
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadLanding(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lists every chunk with its imports and stylesheets: the first-load budget reads it.
    manifest: true,
    // Budgets are enforced by bench/ and its test; this only silences Vite's generic warning.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every icon the app draws in one file (≈ 9 Ko gzip) rather than one file per icon
          // shared by several pages: a page then waits for a dozen fewer requests, each of
          // which costs a round trip on a phone's network (six at a time over HTTP/1.1).
          groups: [{ name: 'icons', test: /[\\/]@tabler[\\/]icons-react[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
