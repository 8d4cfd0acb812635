/** Politique de confidentialité (/politique-confidentialite): the GDPR information notice; the text is MESSAGES.legal.privacy. */
import { MESSAGES } from '@creadefi/domain';
import { LegalPage } from './legal/LegalPage';

export default function PrivacyPage() {
  return <LegalPage eyebrow={MESSAGES.legal.eyebrow} title={MESSAGES.legal.privacyTitle} updated={MESSAGES.legal.updatedOn} document={MESSAGES.legal.privacy} />;
}
