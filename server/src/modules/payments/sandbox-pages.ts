/**
 * The hosted payment page of the built-in provider (PAYMENT_PROVIDER=sandbox), mounted at
 * the site's root like a provider's own domain would be: /sandbox/payin/:id. It exists only
 * with the sandbox; with MangoPay the payer goes to MangoPay's page instead.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from '../../http/types';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox';
import { expiredPage, notFoundPage, paymentFormPage, processedPage, withdrawnPage, SANDBOX_STYLESHEET, SANDBOX_STYLESHEET_PATH } from '../../adapters/payments/sandbox-page';

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const FORM_LIMIT = 4096;

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

type PageRequest = { Params: { id: string }; Querystring: { secret?: unknown } };

function field(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.slice(0, 100) : '';
}

export const sandboxPaymentPages: RouteModule = (app, ctx) => {
  const sandbox = ctx.payments;
  if (!(sandbox instanceof SandboxPaymentProvider)) return;

  // A plain HTML form posts url-encoded fields; only these pages accept them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const schema = { hide: true };

  /**
   * The page, its form and its cancel link all need the secret of the address the provider
   * gave the payer: the pay-in's id alone (it comes back in the merchant's return address)
   * lets no one see, pay or cancel it, nor a page of another site cancel it in passing.
   */
  const known = async (request: FastifyRequest<PageRequest>): Promise<boolean> => {
    const secret = request.query.secret;
    return ID.test(request.params.id) && typeof secret === 'string' && (await sandbox.pageSecretMatches(request.params.id, secret));
  };

  app.get(SANDBOX_STYLESHEET_PATH, { schema }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(SANDBOX_STYLESHEET),
  );

  app.get<PageRequest>('/sandbox/payin/:id', { schema }, async (request, reply) => {
    const payIn = (await known(request)) ? await sandbox.hostedPayIn(request.params.id) : null;
    if (!payIn) return html(reply, 404, notFoundPage());
    if (payIn.expired) return html(reply, 410, expiredPage(payIn));
    if (payIn.withdrawn) return html(reply, 410, withdrawnPage(payIn));
    if (payIn.status !== 'CREATED') return html(reply, 200, processedPage(payIn));
    return html(reply, 200, paymentFormPage(payIn));
  });

  app.post<PageRequest>('/sandbox/payin/:id', { schema }, async (request, reply) => {
    const form = { number: field(request.body, 'number'), expiry: field(request.body, 'expiry'), cvc: field(request.body, 'cvc') };
    const outcome = (await known(request)) ? await sandbox.payWithCard(request.params.id, form) : null;
    if (!outcome) return html(reply, 404, notFoundPage());
    if (outcome.kind === 'expired') return html(reply, 410, expiredPage(outcome.payIn));
    if (outcome.kind === 'withdrawn') return html(reply, 410, withdrawnPage(outcome.payIn));
    if (outcome.kind === 'invalid') return html(reply, 400, paymentFormPage(outcome.payIn, outcome.errors, outcome.values));
    return reply.header('cache-control', 'no-store').redirect(outcome.url, 303);
  });

  app.get<PageRequest>('/sandbox/payin/:id/cancel', { schema }, async (request, reply) => {
    const url = (await known(request)) ? await sandbox.cancel(request.params.id) : null;
    if (!url) return html(reply, 404, notFoundPage());
    return reply.header('cache-control', 'no-store').redirect(url, 303);
  });
};
