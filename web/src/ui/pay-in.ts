/**
 * Pay-ins open the provider's page in a new tab (docs/product.md §11). Browsers only allow a new tab
 * during the click itself, so the tab is opened empty at once and sent to the provider
 * once the server has created the pay-in. If the browser refused the tab, the caller shows
 * a link to the provider's page instead (`opened` is false).
 */
import type { PayInCreated } from '@creadefi/domain';
import { api } from '../api/client';
import { WIDGETS } from '@creadefi/domain';

function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  // The provider's page must not be able to drive this one.
  tab.opener = null;
  try {
    tab.document.title = WIDGETS.payTab.title;
    tab.document.body.style.fontFamily = 'system-ui, sans-serif';
    tab.document.body.textContent = WIDGETS.payTab.note;
  } catch {
    // Nothing to show in a tab the browser keeps apart.
  }
  return tab;
}

/** Call from the click handler itself, not after an await. */
export async function payInNewTab(idConcours: number, cardType: string): Promise<{ message?: string; payIn: PayInCreated; opened: boolean }> {
  const tab = openBlankTab();
  try {
    const answer = await api.post<PayInCreated>('/payment/create/web/payin', { idConcours, cardType });
    const payIn = answer.results!;
    const opened = Boolean(tab && !tab.closed);
    if (opened) tab!.location.href = payIn.redirectUrl;
    return { message: answer.message, payIn, opened };
  } catch (error) {
    tab?.close();
    throw error;
  }
}
