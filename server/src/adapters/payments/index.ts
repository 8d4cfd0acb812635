import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './port';
import { SandboxPaymentProvider } from './sandbox';
import { MangopayPaymentProvider } from './mangopay';

export function createPaymentProvider(config: Config, db: Db, clock: () => Date): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox':
      return new SandboxPaymentProvider(db, clock, config.publicUrl);
    case 'mangopay':
      return new MangopayPaymentProvider({
        clientId: config.MANGOPAY_CLIENT_ID!,
        apiKey: config.MANGOPAY_API_KEY!,
        baseUrl: config.MANGOPAY_BASE_URL,
        platformUserId: config.MANGOPAY_PLATFORM_USER_ID!,
        promotionsWalletId: config.MANGOPAY_PROMOTIONS_WALLET_ID!,
      });
  }
}
