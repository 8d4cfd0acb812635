/** Wallet, bank details and pay-outs (docs/product.md §3, "Transférer" pays out). */
import type { FastifyRequest } from 'fastify';
import { bankDetailsSchema, MESSAGES, transferSchema } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { hitRateLimit, retryAfterHook, TooManyRequestsError } from '../../http/rate-limit';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { getBankDetails, getWallet, requestPayout, saveBankDetails } from './service';

const tags = ['porte-monnaie'];
const security = [{ bearer: [] }];

export const walletRoutes: RouteModule = (app, ctx) => {
  app.get('/wallet', { schema: { tags, security, summary: 'Solde (centimes), historique et virements du porte-monnaie' } }, async (request) => {
    return ok(await getWallet(ctx, requireViewer(request).id));
  });

  app.get('/user/bank-details', { schema: { tags, security, summary: 'Coordonnées bancaires enregistrées (IBAN masqué)' } }, async (request) => {
    return ok(await getBankDetails(ctx, requireViewer(request).id));
  });

  // Each save calls the payment provider: a few tries per window are plenty for a person.
  const bankLimit = async (request: FastifyRequest) => {
    const viewer = requireViewer(request);
    const hit = await hitRateLimit(ctx.db, `bank-details:${viewer.id}`, 10, 600, ctx.clock());
    if (!hit.allowed) throw new TooManyRequestsError(MESSAGES.common.tooManyRequests, hit.retryAfterSeconds);
  };
  app.post('/user/bank-details', { schema: { tags, security, summary: 'Enregistre le titulaire et l’IBAN auprès du prestataire de paiement', body: bankDetailsSchema }, preValidation: bankLimit, onError: retryAfterHook }, async (request) => {
    const result = await saveBankDetails(ctx, requireViewer(request).id, request.body, request.log);
    return ok(result, MESSAGES.wallet.bankSaved);
  });

  app.post('/wallet/transfer', { schema: { tags, security, summary: 'Vire tout le solde vers l’IBAN enregistré, une seule fois', body: transferSchema.nullish() } }, async (request, reply) => {
    const outcome = await requestPayout(ctx, requireViewer(request).id, request.body ?? {}, request.log);
    return reply.status(outcome.httpStatus).send(ok({ payout: outcome.payout }, outcome.message));
  });
};
