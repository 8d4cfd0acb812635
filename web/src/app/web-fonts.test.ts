import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { FONTS_ATTRIBUTE, FONTS_KEY, resetWebFontsForTests, startWebFonts, switchToJostOnNextPage } from './web-fonts';

afterEach(resetWebFontsForTests);

/** A page whose browser answers font loads as told: `missing` weights are not found. */
function page({ missing = [] as string[], fontLoading = true } = {}) {
  const asked: string[] = [];
  const releases: (() => void)[] = [];
  const doc = {
    documentElement: document.createElement('html'),
    fonts: fontLoading
      ? {
          load: (font: string) =>
            new Promise<unknown[]>((resolve) => {
              asked.push(font);
              releases.push(() => resolve(missing.some((weight) => font.startsWith(`${weight} `)) ? [] : [{}]));
            }),
        }
      : undefined,
  } as unknown as Document;
  const stored = new Map<string, string>();
  const storage = { setItem: (key: string, value: string) => void stored.set(key, value) };
  const arrive = () => releases.splice(0).forEach((release) => release());
  return { doc, asked, stored, storage, arrive, uses: () => doc.documentElement.hasAttribute(FONTS_ATTRIBUTE) };
}

const router = () => createMemoryRouter([{ path: '/', element: null }, { path: '/a', element: null }, { path: '/b', element: null }]);

describe('startWebFonts', () => {
  it('sets a page the app draws itself in Jost at once, and remembers once every weight has loaded', async () => {
    const p = page();
    const started = startWebFonts(false, p.doc, p.storage);
    expect(p.uses()).toBe(true);
    expect(p.asked).toEqual(['400 1em Jost', '500 1em Jost', '600 1em Jost']);
    expect(p.stored.size).toBe(0);
    p.arrive();
    await started;
    expect(p.stored.get(FONTS_KEY)).toBe('1');
  });

  it('leaves a drawn page in the face it was drawn in', async () => {
    const p = page();
    const started = startWebFonts(true, p.doc, p.storage);
    p.arrive();
    await started;
    expect(p.uses()).toBe(false);
    expect(p.stored.get(FONTS_KEY)).toBe('1');
  });

  it('does not remember a weight that was not found: the next visit waits for the paint again', async () => {
    const p = page({ missing: ['500'] });
    const started = startWebFonts(true, p.doc, p.storage);
    p.arrive();
    await started;
    expect(p.stored.size).toBe(0);
  });

  it('uses Jost at once in a browser without the Font Loading API', async () => {
    const p = page({ fontLoading: false });
    await startWebFonts(true, p.doc, p.storage);
    expect(p.uses()).toBe(true);
  });
});

describe('switchToJostOnNextPage', () => {
  it('sets the next page in Jost once it has loaded, not the page on screen', async () => {
    const p = page();
    const started = startWebFonts(true, p.doc, p.storage);
    const app = router();
    switchToJostOnNextPage(app, p.doc);
    // A page opened before Jost is there stays in the system face too.
    await app.navigate('/a');
    expect(p.uses()).toBe(false);
    p.arrive();
    await started;
    expect(p.uses()).toBe(false);
    await app.navigate('/b');
    expect(p.uses()).toBe(true);
  });

  it('does nothing on a page already in Jost', async () => {
    const p = page();
    const started = startWebFonts(false, p.doc, p.storage);
    p.arrive();
    await started;
    const app = router();
    switchToJostOnNextPage(app, p.doc);
    p.doc.documentElement.removeAttribute(FONTS_ATTRIBUTE);
    await app.navigate('/a');
    expect(p.uses()).toBe(false);
  });
});
