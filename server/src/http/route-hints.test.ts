import { describe, expect, it } from 'vitest';
import { matchRoute, parseRouteHints, withHints, type RouteHint } from './route-hints';

const hint = (path: string, modules: string[] = [], styles: string[] = []): RouteHint => ({ path, modules, styles });
const routes = [hint('/'), hint('/concours/:category'), hint('/concours/:category/:subCategory'), hint('/messages'), hint('/messages/:id'), hint('/mon-profil/mes-concours'), hint('/mon-profil/:x'), hint('/*')];
const matched = (pathname: string) => matchRoute(routes, pathname)?.path;

describe('matchRoute', () => {
  it('finds the route a page path lands on, as React Router does', () => {
    expect(matched('/')).toBe('/');
    expect(matched('/concours/design')).toBe('/concours/:category');
    expect(matched('/concours/design/logo')).toBe('/concours/:category/:subCategory');
    expect(matched('/messages')).toBe('/messages');
    expect(matched('/messages/40')).toBe('/messages/:id');
    // Without regard to case or a trailing slash; a fixed segment outranks a parameter.
    expect(matched('/Concours/design/')).toBe('/concours/:category');
    expect(matched('/mon-profil/mes-concours')).toBe('/mon-profil/mes-concours');
    expect(matched('/mon-profil/autre')).toBe('/mon-profil/:x');
  });

  it('leaves any other path to the catch-all route, or to none', () => {
    expect(matched('/nulle-part')).toBe('/*');
    expect(matched('/concours/design/logo/en-trop')).toBe('/*');
    expect(matched('/%E9%ff')).toBe('/*');
    expect(matchRoute([hint('/faq')], '/autre')).toBeUndefined();
  });
});

describe('withHints', () => {
  const html = '<html>\n  <head>\n    <title>x</title>\n  </head>\n  <body></body>\n</html>';

  it('announces the route’s scripts and stylesheets at the end of the head', () => {
    const page = withHints(html, hint('/x', ['/assets/Page-1.js', '/assets/Shell-2.js'], ['/assets/pages-3.css']));
    expect(page).toBe(
      '<html>\n  <head>\n    <title>x</title>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/Page-1.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/Shell-2.js">\n' +
        '    <link rel="preload" as="style" crossorigin href="/assets/pages-3.css">\n' +
        '  </head>\n  <body></body>\n</html>',
    );
  });

  it('leaves the page as it is without hints, and escapes what it inserts', () => {
    expect(withHints(html, undefined)).toBe(html);
    expect(withHints(html, hint('/x'))).toBe(html);
    expect(withHints(html, hint('/x', ['/a"><script>.js']))).toContain('href="/a&quot;&gt;&lt;script&gt;.js"');
  });
});

describe('parseRouteHints', () => {
  it('reads the build’s file, and refuses another shape', () => {
    expect(parseRouteHints('{"routes":[{"path":"/","modules":["/assets/a.js"],"styles":[]}]}')).toEqual([hint('/', ['/assets/a.js'])]);
    expect(() => parseRouteHints('{"routes":[{"path":"/"}]}')).toThrow();
  });
});
