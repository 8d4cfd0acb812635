import { describe, expect, it } from 'vitest';
import { pageHtml } from '../../scripts/prerendered-html';
import { MEMBER_FRAME, PRERENDERED_ATTRIBUTE } from './prerendered';

const index = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-E.js"></script></head><body><div id="root"><div class="cd-boot"></div></div><!--/root--></body></html>';

describe('a page drawn at build time', () => {
  it('replaces the skeleton with the drawing, marked for the start to take it over', () => {
    const page = pageHtml(index, '<main><h1>FAQ</h1></main>', []);
    expect(page).toContain(`<div id="root" ${PRERENDERED_ATTRIBUTE}><main><h1>FAQ</h1></main></div><!--/root-->`);
    expect(page).not.toContain('cd-boot');
  });

  it('marks a member page’s frame, which the start replaces rather than takes over', () => {
    expect(pageHtml(index, '<h1>Mes propositions</h1>', [], { signingIn: true })).toContain(`<div id="root" ${PRERENDERED_ATTRIBUTE}="${MEMBER_FRAME}"><h1>Mes propositions</h1></div>`);
  });

  it('applies the route’s stylesheets before the first paint, after the entry’s', () => {
    const page = pageHtml(index, '<h1>FAQ</h1>', ['/assets/FaqPage-F.css']);
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/FaqPage-F.css">\n  </head>');
  });

  it('refuses a drawing with an inline script, which the CSP would block, or with a part left undrawn', () => {
    expect(() => pageHtml(index, '<div hidden id="S:0"></div><script>$RC("B:0","S:0")</script>', [])).toThrow(/script en ligne/);
    expect(() => pageHtml(index, '<main><!--$!--><template data-msg="Failed to load"></template><!--/$--></main>', [])).toThrow(/pas pu être dessinée/);
    expect(() => pageHtml('<div id="root"></div>', '<h1>FAQ</h1>', [])).toThrow(/introuvable/);
  });
});
