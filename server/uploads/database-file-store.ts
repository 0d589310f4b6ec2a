// A FileStore in the database (server/db/tables/stored-files.ts): on PostgreSQL every server process reads the files
// any other wrote (an export made by one process is downloaded through another behind a balancer; an upload stored by
// one is served by all), with nothing shared on disk and nothing more to run. Large files are never held whole: they
// are written and read a chunk (256 KiB) at a time, each chunk its own short statement, so no transaction is held
// open for a file. A file's row points at its chunks only once they are all written, so a reader never sees half a
// file; chunks left by a write that died half-way are swept after a day.
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { storedFileChunks, storedFiles } from '@server/db/tables/stored-files';
import { contentTypeOfKey } from './file-types';
import { isStoreKey, type FileStore } from './file-store';

/** Bytes in one chunk at most: a row well under PostgreSQL's limits, a statement of a few milliseconds. */
export const FILE_CHUNK_BYTES = 256 * 1024;

/** Bytes of a chunk as read back (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytesOf = (data: Uint8Array): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

/** A FileStore in the database (`stored_files`, `stored_file_chunks`). */
export function createDatabaseFileStore(db: Database): FileStore {
  const checkKey = (key: string) => {
    if (!isStoreKey(key)) throw new Error(`Not a file store key: ${key}`);
  };
  const writeChunk = (contentId: string, seq: number, data: Buffer) => db.insert(storedFileChunks).values({ contentId, seq, data });
  /** Points the key at its new chunks (replacing a file there before) and deletes the chunks it pointed at. */
  const commit = async (key: string, contentId: string, contentType: string, size: number) => {
    const type = contentType || contentTypeOfKey(key);
    // The file's row (locked) and its swap to the new chunks in one short transaction: two writers of one key wait.
    const old = await db.transaction(async (tx) => {
      const [row] = await tx.select({ contentId: storedFiles.contentId }).from(storedFiles).where(eq(storedFiles.key, key)).for('update');
      await tx
        .insert(storedFiles)
        .values({ key, contentId, contentType: type, size })
        .onConflictDoUpdate({ target: storedFiles.key, set: { contentId, contentType: type, size, createdAt: sql`now()` } });
      return row?.contentId;
    });
    if (old && old !== contentId) await db.delete(storedFileChunks).where(eq(storedFileChunks.contentId, old));
  };
  const head = async (key: string) => {
    const [row] = await db.select({ contentId: storedFiles.contentId, contentType: storedFiles.contentType, size: storedFiles.size }).from(storedFiles).where(eq(storedFiles.key, key));
    return row;
  };
  const chunk = async (contentId: string, seq: number) => {
    const [row] = await db.select({ data: storedFileChunks.data }).from(storedFileChunks).where(and(eq(storedFileChunks.contentId, contentId), eq(storedFileChunks.seq, seq)));
    return row ? bytesOf(row.data) : undefined;
  };

  return {
    async put(key, body, contentType) {
      checkKey(key);
      const contentId = randomUUID();
      const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      for (let seq = 0, at = 0; at < bytes.length || seq === 0; seq++, at += FILE_CHUNK_BYTES) {
        await writeChunk(contentId, seq, bytes.subarray(at, at + FILE_CHUNK_BYTES));
      }
      await commit(key, contentId, contentType, bytes.length);
    },
    async putFile(key, sourcePath, contentType) {
      checkKey(key);
      const contentId = randomUUID();
      let seq = 0;
      let size = 0;
      for await (const piece of createReadStream(sourcePath, { highWaterMark: FILE_CHUNK_BYTES })) {
        const data = piece as Buffer;
        await writeChunk(contentId, seq++, data);
        size += data.length;
      }
      if (seq === 0) await writeChunk(contentId, seq++, Buffer.alloc(0));
      await commit(key, contentId, contentType, size);
      // Moved in: the local file is gone, as the disk store's rename leaves it.
      await rm(sourcePath, { force: true });
    },
    async get(key) {
      if (!isStoreKey(key)) return undefined;
      const row = await head(key);
      if (!row) return undefined;
      const parts = await db.select({ data: storedFileChunks.data }).from(storedFileChunks).where(eq(storedFileChunks.contentId, row.contentId)).orderBy(asc(storedFileChunks.seq));
      const body = new Uint8Array(Buffer.concat(parts.map((p) => bytesOf(p.data))));
      return { body, contentType: row.contentType, size: body.byteLength };
    },
    async open(key) {
      if (!isStoreKey(key)) return undefined;
      const row = await head(key);
      if (!row) return undefined;
      const { contentId } = row;
      // One chunk read at a time, as the reader asks for it: a large export is never in memory whole.
      async function* chunks() {
        for (let seq = 0; ; seq++) {
          const data = await chunk(contentId, seq);
          if (!data) return;
          if (data.length > 0) yield data;
        }
      }
      return { stream: Readable.from(chunks(), { objectMode: false }), size: Number(row.size), contentType: row.contentType };
    },
    async delete(key) {
      if (!isStoreKey(key)) return false;
      const [gone] = await db.delete(storedFiles).where(eq(storedFiles.key, key)).returning({ contentId: storedFiles.contentId });
      if (!gone) return false;
      await db.delete(storedFileChunks).where(eq(storedFileChunks.contentId, gone.contentId));
      return true;
    },
    async sweep(before) {
      const swept = await db
        .delete(storedFileChunks)
        .where(and(lt(storedFileChunks.createdAt, before), sql`not exists (select 1 from ${storedFiles} f where f.content_id = ${storedFileChunks.contentId})`))
        .returning({ seq: storedFileChunks.seq });
      return swept.length;
    },
  };
}
