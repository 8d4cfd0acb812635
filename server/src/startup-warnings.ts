/**
 * What a person starting the server must know about its configuration before trusting it
 * with visitors: printed at each start, one paragraph each.
 */
import path from 'node:path';
import type { Config } from './config';

export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.isProduction && config.DATABASE_URL && config.MAIL_TRANSPORT === 'outbox') {
    warnings.push(
      `⚠ Aucun e-mail ne quitte cette machine : MAIL_TRANSPORT=outbox les écrit dans ${path.join(config.dataDir, 'outbox')}. ` +
        'Les liens de vérification et de réinitialisation n’arrivent à personne. Configurez MAIL_TRANSPORT=smtp et SMTP_URL.',
    );
  }
  if (config.isProduction && !config.PUBLIC_URL) {
    warnings.push(
      '⚠ PUBLIC_URL n’est pas définie : les liens des e-mails et les retours de paiement reprennent l’adresse par laquelle ' +
        `le visiteur est arrivé quand elle est sûre (cette machine), sinon ${config.publicUrl}. Définissez PUBLIC_URL, par exemple https://www.creadefi.fr.`,
    );
  }
  // A server of its own database is a real deployment: the built-in sandbox takes any card and
  // moves no money, so contests would be published unpaid and prizes credited from nothing.
  if (config.isProduction && config.DATABASE_URL && config.PAYMENT_PROVIDER === 'sandbox') {
    warnings.push(
      '⚠ Les paiements passent par le bac à sable intégré (PAYMENT_PROVIDER=sandbox) : aucune carte n’est débitée et aucun virement ne part. ' +
        'Configurez PAYMENT_PROVIDER=mangopay et ses identifiants avant d’ouvrir le site au public.',
    );
  }
  if (config.isProduction && config.DATABASE_URL && !config.invoiceSellerConfigured) {
    warnings.push(
      `⚠ Les factures des frais de service nomment une société d’exemple (${config.invoiceSeller.name}, SIREN ${config.invoiceSeller.siren}) : ` +
        'renseignez les coordonnées de la société qui exploite le site (INVOICE_SELLER_NAME, INVOICE_SELLER_LEGAL_FORM, INVOICE_SELLER_ADDRESS, INVOICE_SELLER_SIREN, INVOICE_SELLER_RCS, INVOICE_SELLER_VAT_NUMBER).',
    );
  }
  return warnings;
}
