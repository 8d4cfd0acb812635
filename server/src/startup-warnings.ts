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
  return warnings;
}
