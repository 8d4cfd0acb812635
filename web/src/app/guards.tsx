/**
 * The guards of docs/product.md §11: members only, admins only, and visitors only. Each sends
 * others to /. They only spare a pointless page: the server is the protection.
 * Each wraps its children, or, used as a layout route's element, the matched child route.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useMatches } from 'react-router';
import { PageLoader } from '../ui/PageLoader';
import { useSession } from './session';

/**
 * The handle of a member page that draws its own frame (title, skeletons) while the member's
 * profile loads, rather than the app's loader: the build draws that frame beforehand
 * (web/scripts/prerender.ts), and the app's first screen must be that same frame.
 */
export const SIGNING_IN_FRAME = { drawnWhileSigningIn: true } as const;

/** Whether the page at the current address draws its frame while the profile loads (SIGNING_IN_FRAME). */
export function usePageDrawnWhileSigningIn(): boolean {
  return useMatches().some((match) => (match.handle as Partial<typeof SIGNING_IN_FRAME> | undefined)?.drawnWhileSigningIn === true);
}

export function RequireUser({ children, drawnWhileSigningIn = false }: { children?: ReactNode; drawnWhileSigningIn?: boolean }) {
  const { status } = useSession();
  const page = children === undefined ? <Outlet /> : <>{children}</>;
  // The page draws its frame meanwhile; its data needs only the token, which is there.
  if (status === 'loading') return drawnWhileSigningIn ? page : <PageLoader />;
  // docs/product.md §11: an unauthenticated user on a members-only page is sent to /.
  if (status !== 'user') return <Navigate to="/" replace />;
  return page;
}

export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status, isAdmin } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (status !== 'user' || !isAdmin) return <Navigate to="/" replace />;
  return children === undefined ? <Outlet /> : <>{children}</>;
}

export function GuestOnly({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (status === 'user') return <Navigate to="/" replace />;
  return children === undefined ? <Outlet /> : <>{children}</>;
}
