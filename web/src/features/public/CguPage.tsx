/** Conditions générales d'utilisation (/cgu), linked from the footer and the sign-up form; the text is MESSAGES.legal.cgu. */
import { MESSAGES } from '@creadefi/domain';
import { LegalPage } from './legal/LegalPage';

export default function CguPage() {
  return <LegalPage eyebrow={MESSAGES.legal.eyebrow} title={MESSAGES.legal.cguTitle} updated={MESSAGES.legal.updatedOn} document={MESSAGES.legal.cgu} />;
}
