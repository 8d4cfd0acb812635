/** Politique de confidentialité (/politique-confidentialite): the GDPR information notice; the text is LEGAL.privacy. */
import { LegalPage } from './legal/LegalPage';
import { LEGAL } from '@creadefi/domain/legal';

export default function PrivacyPage() {
  return <LegalPage eyebrow={LEGAL.eyebrow} title={LEGAL.privacyTitle} updated={LEGAL.updatedOn} document={LEGAL.privacy} />;
}
