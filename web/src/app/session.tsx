/**
 * Session rules of docs/product.md §11: the token lives in browser storage; at start the profile is
 * loaded when a token exists; any failure to load it (not a request cut by the page unloading),
 * a 401, or sign-out clears token and user. `status` is 'loading' until that first answer, so pages can show a loader.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH, MINUTE_MS, type PublicUser, type SessionResults } from '@creadefi/domain';
import { api, setUnauthorizedHandler } from '../api/client';
import { getToken, TOKEN_KEY, writePageCookie } from '../api/token';
import { notifySuccess, notifyWarning } from '../ui/feedback';
import { useHydrated } from './hydration';
import { pageIsLeaving } from './page-leaving';

type SessionStatus = 'loading' | 'guest' | 'user';

export interface Session {
  status: SessionStatus;
  user: PublicUser | null;
  isAdmin: boolean;
  /** Stores the token of a successful sign-in and loads the profile. */
  signIn(results: SessionResults): void;
  /** Revokes the token on the server (best effort), forgets it here and says so. */
  signOut(): Promise<void>;
  /** Re-reads the profile (after an update). */
  refresh(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);
export const ME_KEY = ['user', 'me'] as const;

function writeToken(token: string | null) {
  writePageCookie(token);
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): the session lasts as long as the page
  }
}

export interface SessionProviderProps {
  children: ReactNode;
  /**
   * Draws the app as a member sees it while their profile loads, whoever asks: the build draws
   * the frames of member pages so (web/scripts/prerender.ts), and has no member's token.
   */
  signingIn?: boolean;
  /**
   * Drawn by the server for the member whose token getToken gives, with their profile already
   * in the cache (app/prerender.tsx's renderMemberPage).
   */
  drawnForMember?: boolean;
}

export function SessionProvider({ children, signingIn = false, drawnForMember = false }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [storedToken, setToken] = useState<string | null>(() => getToken());
  // A prerendered page shows a visitor: it is taken over as such, then the session starts.
  const hydrated = useHydrated();
  const token = (hydrated || drawnForMember) && !signingIn ? storedToken : null;

  const me = useQuery({
    queryKey: ME_KEY,
    enabled: Boolean(token),
    retry: false,
    staleTime: MINUTE_MS,
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<{ user: PublicUser }>('/user/me', signal)).results!.user;
      } catch (error) {
        // Failing to load the profile signs the user out (docs/product.md §11; docs/architecture.md §10),
        // but a request the browser cancelled as the page unloads (a reload) is no such failure.
        if (!(error instanceof Error && error.name === 'AbortError') && !pageIsLeaving()) {
          writeToken(null);
          setToken(null);
        }
        throw error;
      }
    },
  });

  const clear = useCallback(() => {
    writeToken(null);
    setToken(null);
    // Everything cached belonged to the previous user.
    queryClient.clear();
  }, [queryClient]);

  // Read by the 401 handler without re-registering it on every profile change.
  const signedIn = useRef(false);
  useEffect(() => {
    signedIn.current = Boolean(token && me.data);
  });

  useEffect(() => {
    setUnauthorizedHandler(() => {
      // A token the server no longer accepts (expired, revoked elsewhere) ends the session.
      if (signedIn.current) notifyWarning(AUTH.sessionExpired);
      clear();
    });
    return () => setUnauthorizedHandler(null);
  }, [clear]);

  // Signing in or out in another tab does the same here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // Another tab changed the token (key null: it cleared the whole storage).
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      queryClient.clear();
      setToken(getToken());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const signIn = useCallback(
    (results: SessionResults) => {
      writeToken(results.token);
      queryClient.setQueryData(ME_KEY, results.user);
      setToken(results.token);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    // Leaving on purpose: a 401 to this call is no "session expired" news.
    signedIn.current = false;
    const answer = await api.post('/auth/logout').catch(() => null);
    clear();
    notifySuccess(answer?.message ?? AUTH.loggedOut);
  }, [clear]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
  }, [queryClient]);

  const value = useMemo<Session>(() => {
    const user = token ? (me.data ?? null) : null;
    const status: SessionStatus = signingIn ? 'loading' : !token ? 'guest' : user ? 'user' : me.isError ? 'guest' : 'loading';
    return { status, user, isAdmin: Boolean(user?.isAdmin), signIn, signOut, refresh };
  }, [signingIn, token, me.data, me.isError, signIn, signOut, refresh]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
