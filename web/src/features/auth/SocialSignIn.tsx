/**
 * "Connexion avec Google" and Facebook sign-in (docs/product.md §11), shown only when the server has them
 * configured. Their SDKs load when this component first mounts, i.e. when the modal opens.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Button, Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconBrandFacebookFilled } from '@tabler/icons-react';
import { type SessionResults, AUTH } from '@creadefi/domain';
import { ApiError, type Envelope } from '../../api/client';
import { loginWithFacebook, loginWithGoogle } from './api';
import { loadFacebook, loadGoogle, type FacebookSdk } from './social-sdk';

export interface SocialSignInProps {
  googleClientId: string | null;
  facebookAppId: string | null;
  /** Receives the sign-in answer, or the error to show. */
  onAnswer(answer: Promise<Envelope<SessionResults>>): void;
}

/** docs/product.md §11: a failed Google sign-in is tried once more and logged; refusals are final. */
async function withOneRetry<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
    console.warn(`${what} failed, trying again.`, error);
    return run();
  }
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.5z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.5z" />
    </svg>
  );
}

/**
 * Google only issues an ID token from its own button (an iframe). That button is laid,
 * almost transparent, over ours: the person sees the product's "Connexion avec Google" and
 * the click lands on Google's button, which opens Google's pop-up.
 */
function GoogleButton({ clientId, onAnswer }: { clientId: string; onAnswer: SocialSignInProps['onAnswer'] }) {
  const { ref: sizeRef, width } = useElementSize();
  const slotRef = useRef<HTMLDivElement>(null);
  const onAnswerRef = useRef(onAnswer);
  useEffect(() => {
    onAnswerRef.current = onAnswer;
  });
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!width) return;
    let cancelled = false;
    loadGoogle()
      .then((google) => {
        if (cancelled || !slotRef.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            if (!credential) {
              console.warn('Connexion Google : aucune réponse de Google.');
              onAnswerRef.current(Promise.reject(new Error(AUTH.googleFailed)));
              return;
            }
            onAnswerRef.current(withOneRetry('Google sign-in', () => loginWithGoogle(credential)));
          },
        });
        slotRef.current.replaceChildren();
        google.accounts.id.renderButton(slotRef.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text: 'signin_with',
          locale: 'fr',
          width: Math.round(Math.min(400, Math.max(200, width))),
        });
        setState('ready');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('Connexion Google indisponible :', error);
        setState('failed');
        // Asked again by a click: the person is waiting for an answer.
        if (attempt > 0) onAnswerRef.current(Promise.reject(new Error(AUTH.googleFailed)));
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, width, attempt]);

  return (
    <Box ref={sizeRef} pos="relative">
      <Button
        fullWidth
        size="md"
        variant="default"
        leftSection={<GoogleMark />}
        loading={state === 'loading'}
        // Once Google's button covers this one, the keyboard goes to Google's.
        tabIndex={state === 'ready' ? -1 : undefined}
        aria-hidden={state === 'ready' ? true : undefined}
        onClick={() => {
          if (state !== 'failed') return;
          setState('loading');
          setAttempt((n) => n + 1);
        }}
      >
        {AUTH.screens.withGoogle}
      </Button>
      <Box
        ref={slotRef}
        style={{ position: 'absolute', inset: 0, display: state === 'ready' ? 'flex' : 'none', alignItems: 'center', justifyContent: 'center', opacity: 0.01, overflow: 'hidden' }}
      />
    </Box>
  );
}

/** Facebook's pop-up must open from the click itself, so the SDK is loaded beforehand. */
function FacebookButton({ appId, onAnswer }: { appId: string; onAnswer: SocialSignInProps['onAnswer'] }) {
  const onAnswerRef = useRef(onAnswer);
  useEffect(() => {
    onAnswerRef.current = onAnswer;
  });
  const [sdk, setSdk] = useState<FacebookSdk | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadFacebook(appId)
      .then((fb) => !cancelled && setSdk(fb))
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('Connexion Facebook indisponible :', error);
        setFailed(true);
        if (attempt > 0) onAnswerRef.current(Promise.reject(new Error(AUTH.facebookFailed)));
      });
    return () => {
      cancelled = true;
    };
  }, [appId, attempt]);

  return (
    <Button
      fullWidth
      size="md"
      color="#1877F2"
      leftSection={<IconBrandFacebookFilled size={20} aria-hidden />}
      loading={!sdk && !failed}
      onClick={() => {
        if (!sdk) {
          setFailed(false);
          setAttempt((n) => n + 1);
          return;
        }
        sdk.login(
          (response) => {
            const auth = response.authResponse;
            // Closing Facebook's window is a choice, not an error.
            if (auth) onAnswer(loginWithFacebook(auth.accessToken, auth.userID));
          },
          { scope: 'public_profile,email' },
        );
      }}
    >
      {AUTH.screens.withFacebook}
    </Button>
  );
}

export function SocialSignIn({ googleClientId, facebookAppId, onAnswer }: SocialSignInProps) {
  if (!googleClientId && !facebookAppId) return null;
  return (
    <Stack gap="sm">
      {googleClientId && <GoogleButton clientId={googleClientId} onAnswer={onAnswer} />}
      {facebookAppId && <FacebookButton appId={facebookAppId} onAnswer={onAnswer} />}
    </Stack>
  );
}
