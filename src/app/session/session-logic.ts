import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { ApiError, apiRequest, errorMessage, setRequestAuthKey } from '@data/api-client';
import { fetchGlobalData } from '@data/global-data';
import type { GlobalConfig } from '@domain/global-config';
import {
  currentUserSchema,
  sendOtpResponseSchema,
  sessionPaths,
  type CurrentUser,
  type SendOtpResponse,
} from '@domain/session';
import { SessionRequestError, sessionMachine, type SessionFailureKind } from '@machines/session.machine';
import { clearStoredAuthKey, getStoredAuthKey, setStoredAuthKey } from '@state/auth-key';
import { resetClientState } from '@state/client-state';
import { isInternalPath } from '@state/internal-path';
import { pushToast } from '@state/toasts';

/** The sign-out toast, spelled as users have always seen it (typo included). */
export const LOGOUT_TOAST = 'Logout Sucessfull';

/** What the session machine's effects need from the app. */
export interface SessionHost {
  /** The app's data cache (cleared on sign-out and when the key is refused). */
  queryClient: QueryClient;
  /** Navigates within the app (wouter's navigate). */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** The current in-app location, path and search ("/a/b?c=1"). */
  currentLocation(): string;
}

/** Turns an API failure into the machine's failure: field message, refused key/code, rate limit, or generic. */
export function toSessionError(error: unknown, field?: string): SessionRequestError {
  if (!(error instanceof ApiError)) return new SessionRequestError(errorMessage(error), 'unavailable');
  const kind: SessionFailureKind =
    error.status === 401 || error.status === 403
      ? 'rejected'
      : error.status === 429
        ? 'rateLimited'
        : error.status === 400 || error.status === 422
          ? 'invalid'
          : 'unavailable';
  const message = (field && error.fieldError(field)) || errorMessage(error);
  return new SessionRequestError(message, kind);
}

async function orSessionError<T>(request: Promise<T>, field?: string): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw toSessionError(error, field);
  }
}

/** The href of the sign-in page that comes back to `location` after signing in. */
export function loginHref(location: string): string {
  return location === '/' || location.startsWith('/login') ? '/login' : `/login?next=${encodeURIComponent(location)}`;
}

/** Where to go after signing in: the `next` search parameter when it is a same-origin path, else home. */
export function nextPathFrom(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !isInternalPath(next) || next.startsWith('/login')) return '/';
  return next;
}

/** The session machine with the real actors (HTTP through apiRequest, encrypted storage) and effects. */
export function createSessionLogic(host: SessionHost) {
  // Sign-out resets client state (which removes every toast), so its toast waits for the reset.
  let reset: Promise<void> = Promise.resolve();

  return sessionMachine.provide({
    actors: {
      loadStoredKey: fromPromise<string | null>(() => getStoredAuthKey()),
      validateKey: fromPromise<CurrentUser, { authKey: string }>(({ input, signal }) =>
        orSessionError(apiRequest(sessionPaths.validate, { authKey: input.authKey, signal, schema: currentUserSchema })),
      ),
      sendCode: fromPromise<SendOtpResponse, { mobileNumber: string }>(({ input, signal }) =>
        orSessionError(
          apiRequest(sessionPaths.sendOtp, {
            method: 'POST',
            body: { mobileNumber: input.mobileNumber },
            authKey: null,
            signal,
            schema: sendOtpResponseSchema,
          }),
          'mobileNumber',
        ),
      ),
      verifyCode: fromPromise<CurrentUser, { mobileNumber: string; otp: string }>(({ input, signal }) =>
        orSessionError(
          apiRequest(sessionPaths.verifyOtp, { method: 'POST', body: input, authKey: null, signal, schema: currentUserSchema }),
          'otp',
        ),
      ),
      loadGlobalData: fromPromise<GlobalConfig, { authKey: string }>(({ input, signal }) =>
        fetchGlobalData({ signal, authKey: input.authKey }),
      ),
      revokeKey: fromPromise<void, { authKey: string }>(async ({ input }) => {
        await apiRequest(sessionPaths.signOut, { method: 'POST', authKey: input.authKey });
      }),
    },
    actions: {
      persistKey: ({ context }) => {
        if (!context.authKey) return;
        setRequestAuthKey(context.authKey);
        setStoredAuthKey(context.authKey).catch((error: unknown) => console.error('Could not store the auth key', error));
      },
      clearKey: () => {
        setRequestAuthKey(null);
        clearStoredAuthKey().catch((error: unknown) => console.error('Could not remove the auth key', error));
      },
      resetClientState: () => {
        reset = resetClientState().catch((error: unknown) => console.error('Could not reset client state', error));
      },
      toastLogoutSuccess: () => {
        void reset.then(() => pushToast(LOGOUT_TOAST, 'success'));
      },
      goToLogin: () => host.navigate('/login'),
      redirectToLogin: () => host.navigate(loginHref(host.currentLocation()), { replace: true }),
      clearQueryCache: () => host.queryClient.clear(),
      logGlobalDataFailure: (_, params) => console.error('Could not load global data', params.error),
      logRevalidationFailure: (_, params) => console.warn('Could not check the session; will try again on next focus', params.error),
    },
  });
}

/** The type of the provided session machine. */
export type SessionLogic = ReturnType<typeof createSessionLogic>;
