/**
 * Taking part needs the provider account and wallet created by the status form (docs/product.md §1).
 * Without them the talent is sent to that form with the reason, and the form
 * can bring them back here once it is filled. It also needs the essentials of the profile
 * (pseudo and name): without them the talent is sent to the profile, which says so.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hasEssentialInfo, type PublicUser, PARTICIPATIONS } from '@creadefi/domain';
import { paths } from '../../app/paths';

interface StatusRedirectState {
  warning: string;
  from: string;
}

function hasPaymentAccount(user: Pick<PublicUser, 'ownerId' | 'payerId'> | null | undefined): boolean {
  return Boolean(user?.ownerId && user?.payerId);
}

/** Returns a check to run on the click: true when the user may go on, else it redirects. */
export function useParticipationGate(user: PublicUser | null | undefined) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    if (!hasPaymentAccount(user)) {
      const state: StatusRedirectState = { warning: PARTICIPATIONS.statusRequired, from: pathname };
      navigate(paths.status, { state });
      return false;
    }
    if (user && !hasEssentialInfo(user)) {
      navigate(paths.profile, { state: { missingInfo: true } });
      return false;
    }
    return true;
  }, [user, navigate, pathname]);
}
