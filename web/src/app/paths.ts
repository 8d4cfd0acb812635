/** Every route path of the web app (docs/architecture.md §7); the pages the server links to come from domain. */
// The file alone, not the index: the build's configuration reads these paths with Node itself.
import { webPaths } from '@creadefi/domain/web-paths';

export const paths = {
  ...webPaths,
  home: '/',
  signup: '/signup',
  signupSuccess: '/signup/success',
  faq: '/faq',
  cgu: '/cgu',
  privacy: '/politique-confidentialite',
  listing: (category: string, subCategory?: string) => (subCategory ? `/concours/${category}/${subCategory}` : `/concours/${category}`),
  createContest: (step: 1 | 2 | 3 | 4 | 5) => `/organiser-concours/etape${step}`,
  editContest: (id: number | string) => `/modifier-concours/${id}`,
  status: '/mon-profil/statut',
  devOutbox: '/dev/outbox',
  admin: '/admin',
} as const;
