// Checked sessions kept in process for a few seconds, so a request does not read its session and permissions again
// when the same key was checked a moment ago. Correctness never rests on the copy:
// - it lives at most AUTH_CACHE_SECONDS (app clock);
// - any change that can affect a session (sign-out, a user, staff record, role or role mapping written) clears every
//   copy at once: in this process when a write request ends, in every process through the `auth_changed`
//   notification that database triggers send (migration 0007), so a write by any path, even plain SQL, is seen;
// - a copy is only used to accept: a request the copy would refuse (idle, expired) is checked against the database.
import type { Permission } from '@domain/permissions';

/** Notification channel the auth triggers publish on (migration 0007_auth_changed). */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';

/** Entries kept at most; past it the cache starts over (a flood of distinct keys must not grow memory). */
const MAX_ENTRIES = 10_000;

/** What is known of a checked session. */
export interface CachedSession {
  sessionId: string;
  userId: string;
  permissions: readonly Permission[];
  /** Absolute expiry (epoch ms). */
  expiresAt: number;
  /** Last activity as stored (epoch ms); moved forward when this process writes it. */
  lastSeenAt: number;
  /** When this copy was read from the database (epoch ms, app clock). */
  checkedAt: number;
}

/** The in-process session cache of one server. */
export interface AuthCache {
  /** The copy for a key hash, if it is younger than the cache's lifetime at `now`. */
  get(tokenHash: string, now: number): CachedSession | undefined;
  /**
   * Keeps a copy read from the database, unless the cache was cleared since `generation` was taken before the read
   * (the read may predate the change that cleared it).
   */
  set(tokenHash: string, entry: CachedSession, generation: number): void;
  /** Forgets every copy (something that affects sessions changed). */
  clear(): void;
  /** Counts clears; take it before reading a session, pass it to set. */
  readonly generation: number;
  /** How many copies are held (tests, diagnostics). */
  readonly size: number;
}

/** Creates a cache whose copies live `ttlMs` (0 turns caching off). */
export function createAuthCache(ttlMs: number): AuthCache {
  const entries = new Map<string, CachedSession>();
  let generation = 0;
  return {
    get(tokenHash, now) {
      if (ttlMs <= 0) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      // A clock moved back (tests) or an old copy: read again.
      if (now - entry.checkedAt >= ttlMs || now < entry.checkedAt) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry;
    },
    set(tokenHash, entry, readAt) {
      if (ttlMs <= 0 || readAt !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(tokenHash, entry);
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Clears the cache on the embedded database's own auth_changed notifications (PGlite delivers them before the
 * writing statement returns, so a change by any code of this process is seen by the next request), and passes them
 * on to the in-process bus when one is given, so open live streams re-read their user's permissions at once
 * (server/live/events-route.ts). On PostgreSQL the notification bus carries them (createApp subscribes); this does
 * nothing there.
 */
export function watchEmbeddedAuthChanges(
  database: { pglite?: { listen(channel: string, callback: (payload: string) => void): Promise<unknown> } },
  cache: AuthCache,
  bus?: { publish(channel: string, payload: unknown): Promise<void> },
): Promise<void> {
  if (!database.pglite) return Promise.resolve();
  return database.pglite
    .listen(AUTH_CHANGED_CHANNEL, (payload) => {
      cache.clear();
      if (!bus) return;
      let parsed: unknown = {};
      try {
        parsed = JSON.parse(payload);
      } catch {
        // Not ours to judge: the listeners only need to know something changed.
      }
      bus.publish(AUTH_CHANGED_CHANNEL, parsed).catch(() => {});
    })
    .then(() => undefined);
}
