/** Conditions générales d'utilisation (/cgu), linked from the footer and the sign-up form; the text is LEGAL.cgu. */
import { LegalPage } from './legal/LegalPage';
import { LEGAL } from '@creadefi/domain/legal';

export default function CguPage() {
  return <LegalPage eyebrow={LEGAL.eyebrow} title={LEGAL.cguTitle} updated={LEGAL.updatedOn} document={LEGAL.cgu} />;
}
