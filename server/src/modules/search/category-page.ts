/**
 * The public page of a category's open contests (docs/product.md §11) as HTML a search engine
 * reads without running the app: the web app's own page with its title, description and a plain
 * list of the contests written into the app's root, which the app then takes over. A small
 * template over the catalogue's texts; every value from the database is escaped.
 */
import {
  CATEGORIES,
  formatDate,
  formatEuros,
  MESSAGES,
  webPaths,
  type Category,
  type ContestSearchPage,
} from '@creadefi/domain';

const T = MESSAGES.search.category;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The app's root in index.html, with what the page shows before the app starts (the members'
 * skeleton) up to its end mark; an older build has an empty root.
 */
const ROOT = /<div id="root">[\s\S]*?<!--\/root-->|<div id="root"><\/div>/;
const rootWith = (html: string) => `<div id="root">${html}</div><!--/root-->`;

/** `document` with `html` in place of the root's content: what a reader sees before any script. */
export function withRootContent(document: string, html: string): string {
  return document.replace(ROOT, () => rootWith(html));
}

/** The page without a web build (an API-only server, tests): the same content in a bare document. */
export const BARE_DOCUMENT = '<!doctype html><html lang="fr"><head><meta charset="UTF-8" /><title></title></head><body><div id="root"></div></body></html>';

function pageLink(category: Category, page: number): string {
  return page === 1 ? webPaths.publicCategory(category.slug) : `${webPaths.publicCategory(category.slug)}?page=${page}`;
}

function contestItem(card: ContestSearchPage['concours'][number]): string {
  const facts = [`${T.gain}\u00a0: ${formatEuros(card.gain)}`, ...(card.endDate ? [`${T.end} ${formatDate(card.endDate)}`] : []), T.proposals(card.participations)];
  return [
    '<li><article>',
    `<h2><a href="${webPaths.contestDetails(card.id)}">${escapeHtml(card.subCategory.name)} — ${escapeHtml(card.companyName)}</a></h2>`,
    // The card's brief is already the excerpt a card shows (`cardExcerpt`).
    `<p>${escapeHtml(card.message)}</p>`,
    `<p>${facts.map(escapeHtml).join(' · ')}</p>`,
    '</article></li>',
  ].join('');
}

/** The content written into the app's root: heading, lead, contests, pages and the other categories. */
export function categoryContent(category: Category, page: ContestSearchPage): string {
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const paging =
    pages > 1
      ? `<nav aria-label="${escapeHtml(MESSAGES.search.page.pages)}">${[
          page.page > 1 ? `<a rel="prev" href="${pageLink(category, page.page - 1)}">${escapeHtml(T.previous)}</a>` : '',
          `<span>${escapeHtml(T.pageOf(page.page, pages))}</span>`,
          page.page < pages ? `<a rel="next" href="${pageLink(category, page.page + 1)}">${escapeHtml(T.next)}</a>` : '',
        ].join(' ')}</nav>`
      : '';
  const others = CATEGORIES.filter((c) => c.id !== category.id)
    .map((c) => `<li><a href="${webPaths.publicCategory(c.slug)}">${escapeHtml(c.title)}</a></li>`)
    .join('');
  return [
    '<main class="category-page">',
    `<h1>${escapeHtml(T.heading(category.title))}</h1>`,
    `<p>${escapeHtml(T.description(category.title, page.total))}</p>`,
    page.concours.length > 0 ? `<ul>${page.concours.map(contestItem).join('')}</ul>` : `<p>${escapeHtml(T.empty)}</p>`,
    paging,
    `<p><a href="${webPaths.search}?idCategory=${category.id}">${escapeHtml(T.searchAll)}</a></p>`,
    `<nav aria-label="${escapeHtml(T.otherCategories)}"><h2>${escapeHtml(T.otherCategories)}</h2><ul>${others}</ul></nav>`,
    '</main>',
  ].join('');
}

/**
 * `document` (the web app's index.html) with the category's title, description, canonical
 * address and content. Replacements are functions, so that a `$` in a text stays a `$`.
 */
export function renderCategoryPage(document: string, category: Category, page: ContestSearchPage, canonicalUrl: string): string {
  const title = escapeHtml(T.title(category.title));
  const description = escapeHtml(T.description(category.title, page.total));
  const head = `<meta name="description" content="${description}" /><link rel="canonical" href="${escapeHtml(canonicalUrl)}" />`;
  return document
    .replace(/<meta name="description"[^>]*>\s*/i, () => '')
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${title}</title>${head}`)
    .replace(ROOT, () => rootWith(categoryContent(category, page)));
}
