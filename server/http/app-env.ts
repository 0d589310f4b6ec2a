import type { AuthenticatedSession } from '@server/auth/authenticated-session';

/** Hono environment of the app: per-request variables set by the global middleware. */
export interface AppEnv {
  Variables: {
    /** Id of this request, in its log lines and the X-Request-Id answer header (see request-log.ts). */
    requestId: string;
    /** The caller's address (see client-address.ts); 'unknown' when the transport gives none. */
    clientAddress: string;
    /** Set once a signed-in route has checked the bearer key. */
    session: AuthenticatedSession | undefined;
  };
}
