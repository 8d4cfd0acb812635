import { paths } from '../paths';
import { LAYOUT } from '@creadefi/domain';

/** Anchors of the landing page shown in the guest header and drawer (docs/product.md §11). */
export const LANDING_LINKS = [
  { label: LAYOUT.landingLinks.concept, to: '/#concept' },
  { label: LAYOUT.landingLinks.engagements, to: '/#engagements' },
  { label: LAYOUT.landingLinks.testimonials, to: '/#temoignages' },
] as const;

/** Links of the signed-in header, beside the logo. */
export const MEMBER_LINKS = [
  { label: LAYOUT.memberLinks.listing, to: paths.listing('all') },
  { label: LAYOUT.memberLinks.help, to: paths.faq },
] as const;

/** The signed-in account menu (docs/product.md §11), shared by the header menu and the drawer. */
export const ACCOUNT_LINKS = [
  { label: LAYOUT.account.links.myContests, to: paths.myContests },
  { label: LAYOUT.account.links.profile, to: paths.profile },
  { label: LAYOUT.account.links.status, to: paths.status },
] as const;

/** Following the anchor the page already shows would not change the URL, so scroll by hand. */
export function scrollToAnchor(event: { preventDefault(): void }, to: string, pathname: string, hash: string): void {
  const [path, id] = to.split('#');
  if (id && path === pathname && `#${id}` === hash) {
    event.preventDefault();
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' });
  }
}
