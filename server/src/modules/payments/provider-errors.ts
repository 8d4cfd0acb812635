/** How the payment provider's failures reach a user: a refusal is theirs to fix, an outage is not. */
import { AppError, MESSAGES } from '@creadefi/domain';
import { ProviderRefusedError, ProviderUnavailableError } from '../../adapters/payments/port';

/** The part of a logger services use (Fastify's request.log fits). */
export interface WarnLog {
  warn(details: object, message: string): void;
}

/** Rethrows a provider failure as the matching French answer (422 or 503); other errors pass through. */
export function rethrowProviderError(error: unknown, refusedMessage: string, log?: WarnLog): never {
  if (error instanceof ProviderRefusedError) {
    log?.warn({ err: error, details: error.details }, 'payment provider refused a request');
    throw new AppError(422, refusedMessage);
  }
  if (error instanceof ProviderUnavailableError) {
    log?.warn({ err: error }, 'payment provider unavailable');
    throw new AppError(503, MESSAGES.payments.providerUnavailable);
  }
  throw error;
}
