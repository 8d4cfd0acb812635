import { createHash } from 'node:crypto';
import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { FONTS_ATTRIBUTE, FONTS_KEY, PRELOADS_PER_TASK, SCRIPT_LOADER, SCRIPT_LOADER_SOURCE, SESSION_TOKEN_KEY, withScriptsAfterFirstPaint } from './scripts-after-paint';

/** The key the web app keeps the session token under (web/src/api/token.ts, which only the browser can run). */
const TOKEN_KEY = /TOKEN_KEY = '([^']+)'/.exec(fs.readFileSync(new URL('../../../web/src/api/token.ts', import.meta.url), 'utf8'))![1];
/** The web app's names for Jost's storage key and `<html>` attribute (web/src/app/web-fonts.ts). */
const webFonts = fs.readFileSync(new URL('../../../web/src/app/web-fonts.ts', import.meta.url), 'utf8');
const WEB_FONTS_KEY = /FONTS_KEY = '([^']+)'/.exec(webFonts)![1];
const WEB_FONTS_ATTRIBUTE = /FONTS_ATTRIBUTE = '([^']+)'/.exec(webFonts)![1];

const page = `<!doctype html>
<html lang="fr">
  <head>
    <script type="module" crossorigin src="/assets/index-E.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-E.css">
    <link rel="modulepreload" crossorigin href="/assets/startup-S.js">
    <link rel="modulepreload" crossorigin href="/assets/Home&amp;Page-H.js">
    <link rel="preload" as="style" crossorigin href="/assets/Home-H.css">
  </head>
  <body><div id="root" data-prerendered><h1>Besoin d’un logo ?</h1></div><!--/root--></body>
</html>
`;

/** Runs the loader against a minimal document, and says what it appended and when. */
function runLoader(html: string, { hidden = false, paintTiming = true, token = null as string | null, fontsLoadedBefore = false } = {}) {
  const script = /<script data-entry="([^"]*)" data-modules="([^"]*)" data-fonts="([^"]*)"( data-signing-in)?>([\s\S]*?)<\/script>/.exec(html)!;
  const appended: Record<string, string>[] = [];
  const rootAttributes: Record<string, string> = {};
  const later: (() => void)[] = [];
  let onPaint: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  const element = () => ({}) as Record<string, string>;
  const document = {
    currentScript: { dataset: { entry: script[1]!.replace(/&amp;/g, '&'), modules: script[2]!.replace(/&amp;/g, '&'), fonts: script[3]!.replace(/&amp;/g, '&'), ...(script[4] ? { signingIn: '' } : {}) } },
    documentElement: {
      setAttribute: (name: string, value: string) => void (rootAttributes[name] = value),
    },
    visibilityState: hidden ? 'hidden' : 'visible',
    head: { appendChild: (node: Record<string, string>) => appended.push(node) },
    createElement: element,
    addEventListener: () => {},
  };
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : [];
    constructor(callback: typeof onPaint) {
      onPaint = callback;
    }
    observe() {}
  }
  const window = { PerformanceObserver: paintTiming ? PerformanceObserver : undefined };
  const localStorage = { getItem: (key: string) => (key === TOKEN_KEY ? token : key === WEB_FONTS_KEY && fontsLoadedBefore ? '1' : null) };
  vm.runInNewContext(script[5]!, {
    document,
    window,
    localStorage,
    setTimeout: (fn: () => void) => later.push(fn),
    requestAnimationFrame: (fn: () => void) => later.push(fn),
  });
  const flush = () => {
    while (later.length) later.shift()!();
  };
  return { appended, rootAttributes, later, flush, paint: (name: string) => onPaint!({ getEntriesByName: (n) => (n === name ? [{}] : []) }) };
}

describe('a drawn page’s scripts', () => {
  const served = withScriptsAfterFirstPaint(page);

  it('leave the head for one loader at the end of the body, which the policy allows by its hash', () => {
    expect(served).not.toContain('<script type="module"');
    expect(served).not.toContain('rel="modulepreload"');
    expect(served).toContain('<link rel="stylesheet" crossorigin href="/assets/index-E.css">');
    expect(served).toContain('<link rel="preload" as="style" crossorigin href="/assets/Home-H.css">');
    expect(served).toMatch(
      new RegExp(`<!--/root--><script data-entry="/assets/index-E.js" data-modules="/assets/startup-S.js /assets/Home&amp;Page-H.js" data-fonts="">${SCRIPT_LOADER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script>\\s*</body>`),
    );
    expect(SCRIPT_LOADER_SOURCE).toBe(`'sha256-${createHash('sha256').update(SCRIPT_LOADER).digest('base64')}'`);
  });

  it('are asked for once the first contentful paint is reported, and only once', () => {
    const loader = runLoader(served);
    loader.flush();
    expect(loader.appended).toEqual([]);
    loader.paint('first-paint');
    loader.flush();
    expect(loader.appended).toEqual([]);
    loader.paint('first-contentful-paint');
    loader.paint('first-contentful-paint');
    loader.flush();
    expect(loader.appended).toEqual([
      { type: 'module', crossOrigin: '', src: '/assets/index-E.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/startup-S.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/Home&Page-H.js' },
    ]);
  });

  it('announce the modules one at a time, in their order, in tasks of their own', () => {
    const modules = Array.from({ length: PRELOADS_PER_TASK * 2 + 3 }, (_, i) => `/assets/m${i}.js`);
    const many = withScriptsAfterFirstPaint(page.replace(/<link rel="modulepreload"[^>]*>/g, '').replace('</head>', `${modules.map((m) => `<link rel="modulepreload" crossorigin href="${m}">`).join('')}</head>`));
    const loader = runLoader(many, { hidden: true });
    expect(loader.appended.map((node) => node.src ?? node.href)).toEqual(['/assets/index-E.js', ...modules.slice(0, PRELOADS_PER_TASK)]);
    loader.later.shift()!();
    expect(loader.appended).toHaveLength(1 + PRELOADS_PER_TASK * 2);
    loader.flush();
    expect(loader.appended.map((node) => node.src ?? node.href)).toEqual(['/assets/index-E.js', ...modules]);
  });

  it('are asked for at once in a hidden tab or by a signed-in member, and after two frames without Paint Timing', () => {
    expect(SESSION_TOKEN_KEY).toBe(TOKEN_KEY);
    // At once: the entry, and the first preload; the others follow a task apart.
    const atOnce = [{ type: 'module', crossOrigin: '', src: '/assets/index-E.js' }, { rel: 'modulepreload', crossOrigin: '', href: '/assets/startup-S.js' }];
    const hidden = runLoader(served, { hidden: true });
    expect(hidden.appended).toEqual(atOnce);
    hidden.flush();
    expect(hidden.appended).toHaveLength(3);
    const member = runLoader(served, { token: 'jeton' });
    expect(member.appended).toEqual(atOnce);
    const older = runLoader(served, { paintTiming: false });
    expect(older.appended).toEqual([]);
    older.flush();
    expect(older.appended).toHaveLength(3);
  });

  it('wait for the paint of a member page’s frame when a member asks, and are asked for at once by a visitor, whom the app sends elsewhere', () => {
    const frame = withScriptsAfterFirstPaint(page, { signingIn: true });
    expect(frame).toContain('data-modules="/assets/startup-S.js /assets/Home&amp;Page-H.js" data-fonts="" data-signing-in>');
    const member = runLoader(frame, { token: 'jeton' });
    member.flush();
    expect(member.appended).toEqual([]);
    member.paint('first-contentful-paint');
    member.flush();
    expect(member.appended).toHaveLength(3);
    // At once: the entry, and the first preload; the others follow a task apart.
    expect(runLoader(frame).appended).toHaveLength(2);
    expect(runLoader(frame, { hidden: true, token: 'jeton' }).appended).toHaveLength(2);
  });

  it('are left as they are on a page without an entry script', () => {
    const bare = page.replace(/<script type="module"[^>]*><\/script>/, '');
    expect(withScriptsAfterFirstPaint(bare)).toBe(bare);
  });
  describe('with Jost announced in the head', () => {
    const fonts = ['/assets/jost-latin-400-normal-A.woff2', '/assets/jost-latin-600-normal-B.woff2'];
    const withFonts = withScriptsAfterFirstPaint(
      page.replace('</head>', `${fonts.map((font) => `<link rel="preload" as="font" type="font/woff2" href="${font}" crossorigin="">`).join('\n    ')}\n  </head>`),
    );
    const fontLinks = fonts.map((href) => ({ rel: 'preload', as: 'font', type: 'font/woff2', crossOrigin: '', href }));

    it('name the same key and attribute as the web app', () => {
      expect([FONTS_KEY, FONTS_ATTRIBUTE]).toEqual([WEB_FONTS_KEY, WEB_FONTS_ATTRIBUTE]);
    });

    it('leave the head without it, for the loader', () => {
      expect(withFonts).not.toContain('as="font"');
      expect(withFonts).toContain(`data-fonts="${fonts.join(' ')}">`);
    });

    it('leave it to the app on a first visit, which asks for it as it starts, and the page in the face it was drawn in', () => {
      const loader = runLoader(withFonts);
      loader.flush();
      expect(loader.appended).toEqual([]);
      loader.paint('first-contentful-paint');
      loader.flush();
      expect(loader.rootAttributes).toEqual({});
      expect(loader.appended.map((node) => node.src ?? node.href)).toEqual(['/assets/index-E.js', '/assets/startup-S.js', '/assets/Home&Page-H.js']);
    });

    it('fetch it and set the page in it at once, before the paint, once this browser has loaded it; the code still waits', () => {
      const loader = runLoader(withFonts, { fontsLoadedBefore: true });
      expect(loader.rootAttributes).toEqual({ [FONTS_ATTRIBUTE]: '' });
      expect(loader.appended).toEqual(fontLinks);
      loader.paint('first-contentful-paint');
      loader.flush();
      expect(loader.appended.map((node) => node.src ?? node.href)).toEqual([...fonts, '/assets/index-E.js', '/assets/startup-S.js', '/assets/Home&Page-H.js']);
    });
  });
});
