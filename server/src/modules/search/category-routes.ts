/**
 * GET /concours/categorie/:slug: a category's open contests as a public HTML page (docs/product.md
 * §11), at the site's root beside the web app's pages. Served from the search's kept pages and
 * kept a minute by browsers and proxies: a new contest shows on it within that minute.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findCategoryBySlug, MESSAGES, SEARCH_MAX_PAGE, webPaths } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { BARE_DOCUMENT, escapeHtml, renderCategoryPage, withRootContent } from './category-page';
import { searchContests } from './service';

type PageRequest = { Params: { slug: string }; Querystring: { page?: unknown } };

/** index.html of the web build, read again when a new build replaces it. */
function webDocument(webDist: string): () => string {
  const file = path.join(webDist, 'index.html');
  let read = { at: -1, html: BARE_DOCUMENT };
  return () => {
    const at = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (at !== read.at) {
      try {
        read = { at, html: at === 0 ? BARE_DOCUMENT : fs.readFileSync(file, 'utf8') };
      } catch {
        // Halfway through a build: the page read so far stays.
      }
    }
    return read.html;
  };
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, html: string) {
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  reply.status(status).header('cache-control', status === 200 ? 'public, max-age=60' : 'no-cache').header('etag', etag).type('text/html; charset=utf-8');
  if (status === 200 && request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
  return reply.send(html);
}

export const categoryPages: RouteModule = (app, ctx) => {
  const document = webDocument(ctx.config.webDist);

  app.get<PageRequest>(webPaths.publicCategory(':slug'), { schema: { hide: true } }, async (request, reply) => {
    const category = findCategoryBySlug(request.params.slug);
    if (!category) {
      const missing = `<main class="category-page"><h1>${escapeHtml(MESSAGES.search.unknownCategory)}</h1></main>`;
      return send(request, reply, 404, withRootContent(document(), missing));
    }
    const raw = request.query.page;
    const page = raw === undefined ? 1 : Number(raw);
    // A page number that is not one leads to the first page, the address a link should use.
    if (!Number.isInteger(page) || page < 1 || page > SEARCH_MAX_PAGE) return reply.header('cache-control', 'no-cache').redirect(webPaths.publicCategory(category.slug), 301);
    const results = await searchContests(ctx, null, { q: '', idCategory: category.id, endingSoon: false, page });
    const canonical = `${ctx.config.publicUrl}${webPaths.publicCategory(category.slug)}${page > 1 ? `?page=${page}` : ''}`;
    return send(request, reply, 200, renderCategoryPage(document(), category, results, canonical));
  });
};
