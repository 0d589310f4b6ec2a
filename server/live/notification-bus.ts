// The one notification channel of the product: publish/subscribe between the server's parts and across server
// processes. On PostgreSQL it is LISTEN/NOTIFY (one dedicated client listens; publishes go through the pool); on
// PGlite there is one process, so it is in process. Payloads are JSON and must stay under NOTIFY's 8,000 bytes.
import { EventEmitter } from 'node:events';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '@server/db/database';

/** Largest JSON payload accepted, in bytes (PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more). */
export const MAX_PAYLOAD_BYTES = 7_900;

/** Channel names: lower-case identifiers, safe to LISTEN to unquoted. */
const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;

/** Publish/subscribe between server parts and processes. */
export interface NotificationBus {
  /** Sends a JSON payload to every subscriber of the channel in every process (this one included). */
  publish(channel: string, payload: unknown): Promise<void>;
  /** Calls the listener with each payload published on the channel; returns the unsubscribe function. */
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
  /**
   * Settles once payloads published on a subscribed channel from now on reach this process (PostgreSQL: its LISTEN
   * is in place; in process: at once). A subscriber that starts work whose answer comes back on the channel (a
   * command sent to a charger on another process) waits for this first, or the answer can pass before it listens.
   */
  listening(channel: string): Promise<void>;
  /** Stops listening (PostgreSQL: closes the dedicated client). */
  close(): Promise<void>;
  /**
   * PostgreSQL only: the publish as an expression for a statement of the caller's to evaluate (in its RETURNING, say),
   * so the notification leaves when that statement commits, if it returns a row (equal notifications of one
   * transaction are sent once), without a round trip of its own.
   * Absent in process: the caller publishes after its statement.
   */
  notifyExpression?(channel: string, payload: unknown): SQL;
  /**
   * PostgreSQL only: as notifyExpression, for a payload the statement builds itself (`json`: an expression of type
   * json, evaluated per row). The caller keeps it under MAX_PAYLOAD_BYTES: PostgreSQL fails the statement otherwise.
   */
  notifyJsonExpression?(channel: string, json: SQL): SQL;
}

/**
 * Waits until the bus listens on the channel (`listening`), at most `maxMs`: true when it does, false when the time
 * ran out first (a bus whose connection is down keeps trying on its own; the caller goes on).
 */
export function listeningWithin(bus: NotificationBus, channel: string, maxMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), maxMs);
    timer.unref();
  });
  return Promise.race([bus.listening(channel).then(() => true as const), timeout]).finally(() => clearTimeout(timer));
}

/** A payload or channel the bus refuses (too large, not JSON, bad channel name). */
export class NotificationBusError extends Error {
  override name = 'NotificationBusError';
}

function encode(channel: string, payload: unknown): string {
  if (!CHANNEL.test(channel)) throw new NotificationBusError(`Channel names are lower-case identifiers (got ${JSON.stringify(channel).slice(0, 80)}).`);
  const text = JSON.stringify(payload);
  if (text === undefined) throw new NotificationBusError('A notification payload must be JSON.');
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new NotificationBusError(`A notification payload is at most ${MAX_PAYLOAD_BYTES} bytes; send ids and let the reader fetch the rest.`);
  return text;
}

function deliver(emitter: EventEmitter, channel: string, text: string, onError: (error: unknown) => void): void {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    onError(error);
    return;
  }
  for (const listener of emitter.listeners(channel)) {
    try {
      (listener as (p: unknown) => void)(payload);
    } catch (error) {
      onError(error);
    }
  }
}

/** The in-process bus (PGlite, tests): payloads are encoded and decoded as on PostgreSQL, delivered on the next tick. */
export function createInProcessBus(onError: (error: unknown) => void = () => {}): NotificationBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      const text = encode(channel, payload);
      // Asynchronous as on PostgreSQL: a publisher never runs its subscribers inside its own call.
      setImmediate(() => deliver(emitter, channel, text, onError));
    },
    subscribe(channel, listener) {
      encode(channel, null);
      emitter.on(channel, listener);
      return () => void emitter.off(channel, listener);
    },
    listening: () => Promise.resolve(),
    close: () => {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

/** Options of createPostgresBus. */
export interface PostgresBusOptions {
  /** Connection string of the dedicated LISTEN client. */
  connectionString: string;
  /** The pool publishes go through. */
  db: Database;
  /** Where delivery and connection errors go (default: none). */
  onError?: (error: unknown) => void;
}

/**
 * The PostgreSQL bus: one dedicated client LISTENs to every subscribed channel (reconnecting with back-off and
 * listening again); publish is `pg_notify` through the pool, so every process, this one included, receives it once.
 */
export function createPostgresBus(options: PostgresBusOptions): NotificationBus {
  const onError = options.onError ?? (() => {});
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  /** Subscribed channels, each with its LISTEN (settled once in place, or once it failed and a reconnect took over). */
  const listening = new Map<string, Promise<void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = 250;

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    if (connecting) return connecting;
    connecting = (async () => {
      const next = new pg.Client({ connectionString: options.connectionString });
      next.on('notification', (message) => {
        if (message.payload !== undefined) deliver(emitter, message.channel, message.payload, onError);
      });
      next.on('error', (error) => {
        onError(error);
        if (client === next) client = null;
        void next.end().catch(() => {});
        if (!closed) setTimeout(() => void reconnect(), retryMs).unref();
      });
      await next.connect();
      for (const channel of listening.keys()) await next.query(`listen ${channel}`);
      client = next;
      retryMs = 250;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  const notifyExpression = (channel: string, payload: unknown): SQL => sql`pg_notify(${channel}, ${encode(channel, payload)})`;
  const notifyJsonExpression = (channel: string, json: SQL): SQL => {
    encode(channel, null);
    return sql`pg_notify(${channel}, (${json})::text)`;
  };
  const reconnect = async () => {
    if (closed || client) return;
    try {
      await connect();
    } catch (error) {
      onError(error);
      retryMs = Math.min(retryMs * 2, 10_000);
      setTimeout(() => void reconnect(), retryMs).unref();
    }
  };

  return {
    async publish(channel, payload) {
      await options.db.execute(sql`select ${notifyExpression(channel, payload)}`);
    },
    notifyExpression,
    notifyJsonExpression,
    subscribe(channel, listener) {
      encode(channel, null);
      emitter.on(channel, listener);
      if (!listening.has(channel)) {
        listening.set(
          channel,
          connect()
            .then((c) => c.query(`listen ${channel}`))
            .then(
              () => undefined,
              (error: unknown) => {
                onError(error);
                void reconnect();
              },
            ),
        );
      }
      return () => void emitter.off(channel, listener);
    },
    listening: (channel) => listening.get(channel) ?? Promise.resolve(),
    async close() {
      closed = true;
      emitter.removeAllListeners();
      const current = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/** Waits until the bus delivers on `channel` (PostgreSQL: LISTEN is in place; in process: at once); probes every 100 ms. */
export async function busReady(bus: NotificationBus, channel = 'bus_ready_probe', timeoutMs = 5_000): Promise<void> {
  const token = Math.random().toString(36).slice(2);
  let stop = () => {};
  let timer: NodeJS.Timeout | undefined;
  let probe: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('The notification bus did not answer its probe.')), timeoutMs);
      stop = bus.subscribe(channel, (payload) => {
        if (payload === token) resolve();
      });
      const ping = () => void bus.publish(channel, token).catch(reject);
      ping();
      probe = setInterval(ping, 100);
    });
  } finally {
    clearTimeout(timer);
    clearInterval(probe);
    stop();
  }
}
