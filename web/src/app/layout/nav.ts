import { paths } from '../paths';

/** Anchors of the landing page shown in the guest header and drawer (docs/product.md §11). */
export const LANDING_LINKS = [
  { label: 'Concept', to: '/#concept' },
  { label: 'Engagements', to: '/#engagements' },
  { label: 'Témoignages', to: '/#temoignages' },
] as const;

/** Links of the signed-in header, beside the logo. */
export const MEMBER_LINKS = [
  { label: 'Les concours', to: paths.listing('all') },
  { label: 'Aide', to: paths.faq },
] as const;

/** The signed-in account menu (docs/product.md §11), shared by the header menu and the drawer. */
export const ACCOUNT_LINKS = [
  { label: 'Mes concours', to: paths.myContests },
  { label: 'Informations personnelles', to: paths.profile },
  { label: 'Statut', to: paths.status },
] as const;

/** Following the anchor the page already shows would not change the URL, so scroll by hand. */
export function scrollToAnchor(event: { preventDefault(): void }, to: string, pathname: string, hash: string): void {
  const [path, id] = to.split('#');
  if (id && path === pathname && `#${id}` === hash) {
    event.preventDefault();
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' });
  }
}
