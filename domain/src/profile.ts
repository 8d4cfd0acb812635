import type { PublicUser } from './schemas/auth';

/**
 * What a member must have filled in before creating a contest or taking part (docs/product.md §8):
 * a pseudo, and a name — their own or their company's. Organisers and talents are shown
 * to each other and on invoices by these.
 */
export function hasEssentialInfo(user: Pick<PublicUser, 'pseudo' | 'firstName' | 'lastName' | 'socialReason'>): boolean {
  const filled = (v: string | null) => Boolean(v?.trim());
  return filled(user.pseudo) && ((filled(user.firstName) && filled(user.lastName)) || filled(user.socialReason));
}
