import { describe, expect, it } from 'vitest';
import routerSource from './router.tsx?raw';
import { paths } from './paths';
import { readRouteLoads, routeHints, type BuiltChunk } from '../../scripts/route-hints';

const routes = readRouteLoads(routerSource, { paths });
const importsOf = (path: string) => routes.find((r) => r.path === path)?.imports;

describe('what each route of router.tsx loads, read by the build for the page’s hints', () => {
  it('names the page module, its data loader and the pages’ stylesheet', () => {
    expect(importsOf('/concours/:category')).toEqual(['../features/contests/ContestListingPage', '../ui/mantine-pages.css', '../features/contests/listing-route']);
    expect(importsOf('/concours/:category/:subCategory')).toEqual(importsOf('/concours/:category'));
    expect(importsOf('/details-concours/:id')).toEqual(['../features/contest-details/ContestDetailsPage', '../ui/mantine-pages.css', '../features/contest-details/details-route']);
    expect(importsOf('/participations/:id')).toEqual(['../features/proposals/ProposalsPage', '../ui/mantine-pages.css', '../features/proposals/proposals-route']);
    expect(importsOf('/messages/:id')).toEqual(['../features/messages/ConversationPage', '../ui/mantine-pages.css', '../features/messages/conversation-query']);
  });

  it('gives home its own module only, and the pages under a layout the layout’s too', () => {
    expect(importsOf('/')).toEqual(['../features/public/HomePage']);
    expect(importsOf('/organiser-concours/etape2')).toEqual(['../features/create-contest/WizardShell', '../ui/mantine-pages.css', '../features/create-contest/Step2BriefPage']);
  });

  it('gives a redirect what its target loads, unknown paths included (they render home)', () => {
    expect(importsOf('/*')).toEqual(importsOf('/'));
    expect(importsOf('/home')).toEqual(importsOf('/'));
    expect(importsOf('/mon-profil')).toEqual(importsOf(paths.profile));
    expect(importsOf('/organiser-concours')).toEqual(importsOf(paths.createContest(1)));
  });

  it('leaves no import() of router.tsx to no route', () => {
    const written = [...routerSource.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]);
    const attributed = new Set(routes.flatMap((r) => r.imports));
    expect(written.length).toBeGreaterThan(25);
    expect(written.filter((s) => !attributed.has(s!))).toEqual([]);
  });

  it('refuses a route whose path it cannot read, rather than leaving it without hints', () => {
    const source = `const somewhere = '/x';\nexport const routes = [{ path: somewhere.trim(), lazy: () => import('./X') }];`;
    expect(() => readRouteLoads(source, { paths })).toThrow(/ligne 2/);
  });
});

describe('routeHints', () => {
  const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = [], isEntry = false): BuiltChunk => ({ fileName, isEntry, imports, moduleIds, css });
  const chunks = [
    chunk('assets/index.js', ['/src/main.tsx', '/src/app/router.tsx'], ['assets/react.js'], ['assets/index.css'], true),
    chunk('assets/react.js', ['/node_modules/react.js']),
    chunk('assets/Listing.js', ['/src/Listing.tsx'], ['assets/index.js', 'assets/react.js', 'assets/Shell.js']),
    chunk('assets/Shell.js', ['/src/Shell.tsx', '/src/listing-route.ts'], ['assets/react.js'], ['assets/Shell.css']),
    chunk('assets/Home.js', ['/src/Home.tsx'], ['assets/index.js'], ['assets/Home.css']),
  ];
  const assets = [{ fileName: 'assets/pages.css', sources: ['/src/pages.css'] }];

  it('lists the chunks a route needs beyond the first load, and their stylesheets', () => {
    const [listing, home] = routeHints(
      [
        { path: '/concours/:category', modules: ['/src/Listing.tsx', '/src/pages.css', '/src/listing-route.ts'] },
        { path: '/', modules: ['/src/Home.tsx'] },
      ],
      chunks,
      assets,
    );
    expect(listing).toEqual({ path: '/concours/:category', modules: ['/assets/Listing.js', '/assets/Shell.js'], styles: ['/assets/Shell.css', '/assets/pages.css'] });
    expect(home).toEqual({ path: '/', modules: ['/assets/Home.js'], styles: ['/assets/Home.css'] });
  });

  it('fails the build for a module that no built file holds', () => {
    expect(() => routeHints([{ path: '/x', modules: ['/src/Gone.tsx'] }], chunks, assets)).toThrow(/Gone/);
  });
});
