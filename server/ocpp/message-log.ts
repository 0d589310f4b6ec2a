// The raw OCPP message log: frames are gathered and written in batches (one insert per 250 ms or 100 frames), so
// a busy network costs a few statements a second, not one per frame. Counts what was stored and what was lost.
import { lt } from 'drizzle-orm';
import { createBatchWriter, type BatchWriter } from '@server/db/batch-writer';
import { storableJson, unnestInsert } from '@server/db/unnest-insert';
import { giveWay } from '@server/http/request-gate';
import type { Database } from '@server/db/database';
import { ocppMessages } from '@server/db/tables/ocpp';

/** One frame as logged. */
export interface LoggedMessage {
  chargerId: number;
  direction: 'IN' | 'OUT';
  messageType: 'CALL' | 'RESULT' | 'ERROR' | 'BAD';
  messageId: string | null;
  action: string | null;
  payload: unknown;
  errorCode: string | null;
  createdAt: Date;
}

/** Largest payload kept as is (characters of JSON); larger ones are kept as a note of their size. */
const MAX_LOGGED_PAYLOAD = 8_000;

/** A logged frame with its payload as the JSON text to store (null for none). */
type StoredMessage = Omit<LoggedMessage, 'payload'> & { payloadText: string | null };

/** The log's rows written by columns (one statement text for any batch). */
const insertMessages = unnestInsert<StoredMessage>(ocppMessages, [
  { column: ocppMessages.chargerId, type: 'bigint', value: (m) => m.chargerId },
  { column: ocppMessages.direction, type: 'text', value: (m) => m.direction },
  { column: ocppMessages.messageType, type: 'text', value: (m) => m.messageType },
  { column: ocppMessages.messageId, type: 'text', value: (m) => m.messageId },
  { column: ocppMessages.action, type: 'text', value: (m) => m.action },
  { column: ocppMessages.payload, type: 'jsonb', value: (m) => m.payloadText, encoded: true },
  { column: ocppMessages.errorCode, type: 'text', value: (m) => m.errorCode },
  { column: ocppMessages.createdAt, type: 'timestamptz', value: (m) => m.createdAt },
]);

/** The batch writer of one process. */
export type MessageLog = BatchWriter<LoggedMessage>;

/** Creates the batch writer of the log (one insert per `intervalMs`, default 250, or per 100 frames). */
export function createMessageLog(db: Database, onError: (error: unknown) => void, intervalMs = 250, onWritten?: (rows: number, seconds: number) => void): MessageLog {
  return createBatchWriter<LoggedMessage>({
    intervalMs,
    onError,
    ...(onWritten ? { onWritten } : {}),
    // Statements of 100 rows that wait for the console's requests in flight: on PGlite a statement runs in this
    // process's event loop, and a request arriving during one waits for all of it.
    maxRows: 100,
    beforeWrite: () => giveWay(100),
    write: async (batch) => {
      await insertMessages(
        db,
        batch.map(({ payload, ...m }) => {
          // Stringified once: to measure it, and as the text stored.
          const text = payload === undefined || payload === null ? null : storableJson(payload);
          return { ...m, payloadText: text !== null && text.length > MAX_LOGGED_PAYLOAD ? JSON.stringify({ truncated: true, characters: text.length }) : text };
        }),
      );
    },
  });
}

/** Deletes log rows older than `days` days; returns how many. */
export async function pruneMessageLog(db: Database, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const result = await db.delete(ocppMessages).where(lt(ocppMessages.createdAt, cutoff)).returning({ id: ocppMessages.id });
  return result.length;
}
