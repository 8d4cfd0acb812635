/**
 * The guards of docs/product.md §11: members only, admins only, and visitors only. Each sends
 * others to /. They only spare a pointless page: the server is the protection.
 * Each wraps its children, or, used as a layout route's element, the matched child route.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../ui/PageLoader';
import { useSession } from './session';

export function RequireUser({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader />;
  // docs/product.md §11: an unauthenticated user on a members-only page is sent to /.
  if (status !== 'user') return <Navigate to="/" replace />;
  return children === undefined ? <Outlet /> : <>{children}</>;
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
