import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { GlobalConfig } from '@domain/global-config';
import { GENERIC_ERROR_MESSAGE } from '@domain/problem';
import type { CurrentUser, SendOtpResponse } from '@domain/session';
import { sendCodeEventSchema, verifyEventSchema, type SessionEvent } from './session.events';

/**
 * The session workflow: boot with the stored key, OTP sign-in, the signed-in session with its
 * global data, revalidation on focus and sign-out. Pure: every effect (storage, HTTP, navigation, toasts,
 * the data cache) is a named actor or action the host provides with `.provide(...)`.
 */

/** Where loading global data stands (mirrors the `signedIn.globalData` region for hosts and the palette). */
export type GlobalDataStatus = 'notLoaded' | 'loading' | 'loaded' | 'failed';

/** Why a session request failed: the key or code was refused, too many requests, bad input, or anything else. */
export type SessionFailureKind = 'rejected' | 'rateLimited' | 'invalid' | 'unavailable';

/** What the host's actors reject with, so the machine can tell a refused key from a network failure. */
export class SessionRequestError extends Error {
  constructor(
    message: string,
    readonly kind: SessionFailureKind,
  ) {
    super(message);
    this.name = 'SessionRequestError';
  }
}

/** A failure as the machine reads it (SessionRequestError or any `{ message, kind }`). */
export interface SessionFailure {
  message: string;
  kind: SessionFailureKind;
}

const failureKinds: readonly SessionFailureKind[] = ['rejected', 'rateLimited', 'invalid', 'unavailable'];

/** Reads a failure from anything an actor rejected with; unknown errors are "unavailable" with the generic message. */
export function failureOf(error: unknown): SessionFailure {
  if (typeof error !== 'object' || error === null) return { message: GENERIC_ERROR_MESSAGE, kind: 'unavailable' };
  const { message, kind } = error as { message?: unknown; kind?: unknown };
  const knownKind = failureKinds.find((k) => k === kind);
  // Only our own failures carry a message meant for users; a TypeError's text is not one.
  if (!knownKind || typeof message !== 'string' || message === '') return { message: GENERIC_ERROR_MESSAGE, kind: 'unavailable' };
  return { message, kind: knownKind };
}

/** The machine's context. */
export interface SessionMachineContext {
  /** The bearer key being validated or in use; null when signed out. */
  authKey: string | null;
  /** The signed-in user; null unless signed in (or signing out). */
  user: CurrentUser | null;
  /** The number of the sign-in form: as typed while invalid, else its 10 national digits. */
  mobileNumber: string;
  /** The message to show on the sign-in form (validation or server); null: none. */
  error: string | null;
  /** True when `error` says the server is rate limiting this number. */
  rateLimited: boolean;
  /** Seconds left before another code may be requested. */
  resendIn: number;
  /** Global data once loaded in this session. */
  globalConfig: GlobalConfig | null;
  /** Where loading global data stands. */
  globalDataStatus: GlobalDataStatus;
}

/** The context a machine starts with (and returns to on sign-out). */
export const initialSessionContext: SessionMachineContext = {
  authKey: null,
  user: null,
  mobileNumber: '',
  error: null,
  rateLimited: false,
  resendIn: 0,
  globalConfig: null,
  globalDataStatus: 'notLoaded',
};

function notProvided(name: string): never {
  throw new Error(`Session actor "${name}" not provided`);
}

/** The invoke ids, so hosts and tests can name actor outcomes (`xstate.done.actor.<id>`). */
export const sessionInvokeIds = {
  loadStoredKey: 'loadStoredKey',
  validateKey: 'validateKey',
  revalidateKey: 'revalidateKey',
  sendCode: 'sendCode',
  resendCode: 'resendCode',
  verifyCode: 'verifyCode',
  loadGlobalData: 'loadGlobalData',
  revokeKey: 'revokeKey',
  ticker: 'ticker',
} as const;

/** Seconds between two countdown ticks. */
export const TICK_MS = 1_000;

/** The session machine; provide its actors and effect actions with `.provide(...)`. */
/** The transition taken when the server refuses the key, on load or on a later focus. */
const keyRefused = {
  guard: { type: 'keyRejected', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  target: '#session.signedOut',
  actions: ['clearKey', 'resetUser', 'markGlobalDataNotLoaded', 'clearQueryCache', 'redirectToLogin'],
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionMachineContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Reads the stored auth key; resolves null when there is none. */
    loadStoredKey: fromPromise<string | null>(async () => notProvided('loadStoredKey')),
    /** Checks a key with the server; resolves the user, rejects with kind "rejected" when the key is refused. */
    validateKey: fromPromise<CurrentUser, { authKey: string }>(async () => notProvided('validateKey')),
    /** Asks the server to text a code to the number. */
    sendCode: fromPromise<SendOtpResponse, { mobileNumber: string }>(async () => notProvided('sendCode')),
    /** Exchanges the code for the user (with a new auth key). */
    verifyCode: fromPromise<CurrentUser, { mobileNumber: string; otp: string }>(async () => notProvided('verifyCode')),
    /** Loads global data; must honour the abort signal (it fires when the session ends first). */
    loadGlobalData: fromPromise<GlobalConfig, { authKey: string }>(async () => notProvided('loadGlobalData')),
    /** Revokes the key on the server. */
    revokeKey: fromPromise<void, { authKey: string }>(async () => notProvided('revokeKey')),
    /** Sends TICK every second while the code step shows a countdown (pure timing, so it has a default). */
    ticker: fromCallback<{ type: 'TICK' }>(({ sendBack }) => {
      const id = setInterval(() => sendBack({ type: 'TICK' }), TICK_MS);
      return () => clearInterval(id);
    }),
  },
  guards: {
    hasStoredKey: (_, params: { authKey: string | null }) => params.authKey !== null && params.authKey !== '',
    hasKey: ({ context }) => context.authKey !== null,
    mobileNumberValid: ({ event }) => sendCodeEventSchema.safeParse(event).success,
    otpValid: ({ event }) => verifyEventSchema.safeParse(event).success,
    countingDown: ({ context }) => context.resendIn > 0,
    resendAllowed: ({ context }) => context.resendIn === 0,
    keyRejected: (_, params: { error: unknown }) => failureOf(params.error).kind === 'rejected',
  },
  actions: {
    rememberKey: assign((_, params: { authKey: string | null }) => ({ authKey: params.authKey })),
    storeUser: assign((_, params: { user: CurrentUser }) => ({ user: params.user, authKey: params.user.authKey })),
    /** Forgets the user and the sign-in form (the key and the stored copy go with clearKey). */
    resetUser: assign(() => ({
      authKey: null,
      user: null,
      mobileNumber: '',
      error: null,
      rateLimited: false,
      resendIn: 0,
    })),
    acceptMobileNumber: assign(({ event }) => {
      assertEvent(event, 'SEND_CODE');
      return { mobileNumber: sendCodeEventSchema.parse(event).mobileNumber, error: null, rateLimited: false };
    }),
    rejectMobileNumber: assign(({ event }) => {
      assertEvent(event, 'SEND_CODE');
      const result = sendCodeEventSchema.safeParse(event);
      return {
        mobileNumber: event.mobileNumber,
        error: result.success ? null : (result.error.issues[0]?.message ?? GENERIC_ERROR_MESSAGE),
        rateLimited: false,
      };
    }),
    rejectOtp: assign(({ event }) => {
      assertEvent(event, 'VERIFY');
      const result = verifyEventSchema.safeParse(event);
      return { error: result.success ? null : (result.error.issues[0]?.message ?? GENERIC_ERROR_MESSAGE), rateLimited: false };
    }),
    startResendCountdown: assign((_, params: { resendAfterSeconds: number }) => ({
      resendIn: Math.max(0, Math.floor(params.resendAfterSeconds)),
      error: null,
      rateLimited: false,
    })),
    decrementResendIn: assign(({ context }) => ({ resendIn: Math.max(0, context.resendIn - 1) })),
    storeFailure: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return { error: failure.message, rateLimited: failure.kind === 'rateLimited' };
    }),
    clearError: assign({ error: null, rateLimited: false }),
    /** Leaves the code step: no countdown or message carries over to the number step. */
    clearCodeStep: assign({ error: null, rateLimited: false, resendIn: 0 }),
    /** Signed in: the sign-in form starts empty next time. */
    clearSignInForm: assign({ mobileNumber: '', error: null, rateLimited: false, resendIn: 0 }),
    markGlobalDataNotLoaded: assign({ globalConfig: null, globalDataStatus: 'notLoaded' as GlobalDataStatus }),
    markGlobalDataLoading: assign({ globalDataStatus: 'loading' as GlobalDataStatus }),
    storeGlobalData: assign((_, params: { globalConfig: GlobalConfig }) => ({
      globalConfig: params.globalConfig,
      globalDataStatus: 'loaded' as GlobalDataStatus,
    })),
    markGlobalDataFailed: assign({ globalDataStatus: 'failed' as GlobalDataStatus }),

    // Effects, provided by the host; no-ops here so the machine runs (and is tested) without them.
    /** Stores `context.authKey` and sends it with every request. */
    persistKey: () => {},
    /** Removes the stored key and stops sending it. */
    clearKey: () => {},
    /** Resets every client store and clears local storage (the toast that follows must survive it). */
    resetClientState: () => {},
    /** Toasts "Logout Sucessfull" (the product's wording, typo included). */
    toastLogoutSuccess: () => {},
    /** Goes to the sign-in page. */
    goToLogin: () => {},
    /** Goes to the sign-in page, remembering where the user was. */
    redirectToLogin: () => {},
    /** Drops every cached server answer. */
    clearQueryCache: () => {},
    /** Logs a global-data failure (the user sees no message). */
    logGlobalDataFailure: (_, _params: { error: unknown }) => {},
    /** Logs a revalidation that could not reach the server (the session is kept). */
    logRevalidationFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'session',
  context: initialSessionContext,
  initial: 'booting',
  states: {
    booting: {
      invoke: {
        id: sessionInvokeIds.loadStoredKey,
        src: 'loadStoredKey',
        onDone: [
          {
            guard: { type: 'hasStoredKey', params: ({ event }) => ({ authKey: event.output }) },
            target: 'validating',
            actions: { type: 'rememberKey', params: ({ event }) => ({ authKey: event.output }) },
          },
          { target: 'signedOut' },
        ],
        // Unreadable storage is the same as no key.
        onError: { target: 'signedOut' },
      },
    },
    validating: {
      invoke: {
        id: sessionInvokeIds.validateKey,
        src: 'validateKey',
        input: ({ context }) => ({ authKey: context.authKey ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'storeUser', params: ({ event }) => ({ user: event.output }) }, 'persistKey'],
        },
        onError: [
          // The server refused the key: it is cleared, the user reset, and the user sent to sign in.
          keyRefused,
          // The server was not reached (offline, aborted by a navigation, 5xx): the key may still be good, so it
          // is kept and checked again, rather than signing the user out for a network blip.
          {
            target: 'unreachable',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    unreachable: {
      on: {
        RETRY: { target: 'validating', actions: 'clearError' },
        WINDOW_FOCUSED: { target: 'validating', actions: 'clearError' },
      },
    },
    signedOut: {
      initial: 'enteringNumber',
      states: {
        enteringNumber: {
          on: {
            SEND_CODE: [
              { guard: 'mobileNumberValid', target: 'sendingCode', actions: 'acceptMobileNumber' },
              { actions: 'rejectMobileNumber' },
            ],
          },
        },
        sendingCode: {
          invoke: {
            id: sessionInvokeIds.sendCode,
            src: 'sendCode',
            input: ({ context }) => ({ mobileNumber: context.mobileNumber }),
            onDone: {
              target: 'codeSent',
              actions: {
                type: 'startResendCountdown',
                params: ({ event }) => ({ resendAfterSeconds: event.output.resendAfterSeconds }),
              },
            },
            onError: {
              target: 'enteringNumber',
              actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        codeSent: {
          invoke: { id: sessionInvokeIds.ticker, src: 'ticker' },
          on: {
            TICK: { guard: 'countingDown', actions: 'decrementResendIn' },
            RESEND: { guard: 'resendAllowed', target: 'resendingCode', actions: 'clearError' },
            EDIT_NUMBER: { target: 'enteringNumber', actions: 'clearCodeStep' },
            VERIFY: [{ guard: 'otpValid', target: 'verifying', actions: 'clearError' }, { actions: 'rejectOtp' }],
          },
        },
        resendingCode: {
          invoke: {
            id: sessionInvokeIds.resendCode,
            src: 'sendCode',
            input: ({ context }) => ({ mobileNumber: context.mobileNumber }),
            onDone: {
              target: 'codeSent',
              actions: {
                type: 'startResendCountdown',
                params: ({ event }) => ({ resendAfterSeconds: event.output.resendAfterSeconds }),
              },
            },
            onError: {
              target: 'codeSent',
              actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        verifying: {
          invoke: {
            id: sessionInvokeIds.verifyCode,
            src: 'verifyCode',
            input: ({ context, event }) => {
              assertEvent(event, 'VERIFY');
              return { mobileNumber: context.mobileNumber, otp: verifyEventSchema.parse(event).otp };
            },
            onDone: {
              target: '#session.signedIn',
              actions: [{ type: 'storeUser', params: ({ event }) => ({ user: event.output }) }, 'persistKey', 'clearSignInForm'],
            },
            onError: {
              target: 'codeSent',
              actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    signedIn: {
      type: 'parallel',
      on: { SIGN_OUT: { target: 'signingOut' } },
      states: {
        user: {
          initial: 'active',
          states: {
            active: { on: { WINDOW_FOCUSED: { target: 'revalidating' } } },
            revalidating: {
              invoke: {
                id: sessionInvokeIds.revalidateKey,
                src: 'validateKey',
                input: ({ context }) => ({ authKey: context.authKey ?? '' }),
                onDone: {
                  target: 'active',
                  actions: [{ type: 'storeUser', params: ({ event }) => ({ user: event.output }) }, 'persistKey'],
                },
                onError: [
                  keyRefused,
                  // The server could not be asked (offline, 5xx): keep working; the next focus asks again.
                  {
                    target: 'active',
                    actions: { type: 'logRevalidationFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
          },
        },
        globalData: {
          initial: 'notLoaded',
          states: {
            notLoaded: {
              entry: 'markGlobalDataNotLoaded',
              // Fetched once when an auth key exists and it is not yet loaded.
              always: { guard: 'hasKey', target: 'loading' },
            },
            loading: {
              entry: 'markGlobalDataLoading',
              invoke: {
                id: sessionInvokeIds.loadGlobalData,
                src: 'loadGlobalData',
                input: ({ context }) => ({ authKey: context.authKey ?? '' }),
                onDone: {
                  target: 'loaded',
                  actions: { type: 'storeGlobalData', params: ({ event }) => ({ globalConfig: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: [
                    'markGlobalDataFailed',
                    { type: 'logGlobalDataFailure', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
            },
            loaded: {},
            // Still not loaded, so the next focus (with the key still valid) tries again.
            failed: { on: { WINDOW_FOCUSED: { target: 'loading' } } },
          },
        },
      },
    },
    signingOut: {
      invoke: {
        id: sessionInvokeIds.revokeKey,
        src: 'revokeKey',
        input: ({ context }) => ({ authKey: context.authKey ?? '' }),
        // A key the server could not revoke still leaves this browser: sign-out never fails.
        onDone: {
          target: 'signedOut',
          actions: ['clearKey', 'resetUser', 'resetClientState', 'markGlobalDataNotLoaded', 'toastLogoutSuccess', 'goToLogin', 'clearQueryCache'],
        },
        onError: {
          target: 'signedOut',
          actions: ['clearKey', 'resetUser', 'resetClientState', 'markGlobalDataNotLoaded', 'toastLogoutSuccess', 'goToLogin', 'clearQueryCache'],
        },
      },
    },
  },
});

/** The session machine's type, for hosts. */
export type SessionMachine = typeof sessionMachine;
