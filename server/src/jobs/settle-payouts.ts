/** Pay-outs left pending are settled with the provider (see wallet/service.ts). */
export { settlePendingPayouts } from '../modules/wallet/service';
