// The database FileStore (on PostgreSQL, the store every server process shares): files put by one handle are read by
// another, large files go in chunks and come back byte for byte (whole and as a stream), replacing and deleting
// leave no chunk behind, keys outside the store's pattern are refused, and half-written files are swept.
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { createDatabaseFileStore, FILE_CHUNK_BYTES } from '@server/uploads/database-file-store';
import { createTestDatabase, testDrivers } from '../support/test-database';

const readAll = async (stream: NodeJS.ReadableStream) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
};

describe.each(testDrivers)('The database file store on %s', (driver) => {
  let database: OpenDatabase;
  let dir: string;
  const chunks = async () => Number(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from stored_file_chunks`))[0]!.n);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    dir = mkdtempSync(path.join(os.tmpdir(), 'czo-db-store-'));
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a file put through one store is read by another on the same database, with its type and size', async () => {
    const writer = createDatabaseFileStore(database.db);
    const reader = createDatabaseFileStore(database.db);
    const body = new Uint8Array(Buffer.from('a,b\n1,2\n'));
    await writer.put('private/exports/2026/11/abcdefgh12345678.csv', body, 'text/csv');
    const got = await reader.get('private/exports/2026/11/abcdefgh12345678.csv');
    expect(got).toEqual({ body, contentType: 'text/csv', size: body.byteLength });
    expect(await reader.get('private/exports/2026/11/nothinghere00000.csv')).toBeUndefined();
    expect(await reader.open!('private/exports/2026/11/nothinghere00000.csv')).toBeUndefined();
  });

  it('a large file moved in goes in chunks and streams back byte for byte; the local file is gone', async () => {
    const store = createDatabaseFileStore(database.db);
    const bytes = randomBytes(FILE_CHUNK_BYTES * 2 + 1234);
    const file = path.join(dir, 'export.csv');
    writeFileSync(file, bytes);
    const before = await chunks();
    await store.putFile!('private/exports/2026/11/largefile1234567.csv', file, '');
    expect(existsSync(file)).toBe(false);
    expect(await chunks()).toBe(before + 3);
    const opened = await store.open!('private/exports/2026/11/largefile1234567.csv');
    expect(opened).toMatchObject({ size: bytes.length, contentType: 'text/csv' });
    expect((await readAll(opened!.stream)).equals(bytes)).toBe(true);
    expect(Buffer.from((await store.get('private/exports/2026/11/largefile1234567.csv'))!.body).equals(bytes)).toBe(true);
  });

  it('an empty file is a file', async () => {
    const store = createDatabaseFileStore(database.db);
    await store.put('2026/11/emptyfile1234567.csv', new Uint8Array(0), 'text/csv');
    expect(await store.get('2026/11/emptyfile1234567.csv')).toEqual({ body: new Uint8Array(0), contentType: 'text/csv', size: 0 });
    expect((await readAll((await store.open!('2026/11/emptyfile1234567.csv'))!.stream)).length).toBe(0);
  });

  it('replacing a file leaves only its new chunks; deleting it leaves none', async () => {
    const store = createDatabaseFileStore(database.db);
    const key = '2026/11/replaced12345678.png';
    const before = await chunks();
    await store.put(key, new Uint8Array(FILE_CHUNK_BYTES + 1), 'image/png');
    expect(await chunks()).toBe(before + 2);
    await store.put(key, new Uint8Array([1, 2, 3]), 'image/png');
    expect(await chunks()).toBe(before + 1);
    expect((await store.get(key))!.body).toEqual(new Uint8Array([1, 2, 3]));
    expect(await store.delete(key)).toBe(true);
    expect(await store.delete(key)).toBe(false);
    expect(await chunks()).toBe(before);
    expect(await store.get(key)).toBeUndefined();
  });

  it('refuses keys outside the store pattern, and reads none', async () => {
    const store = createDatabaseFileStore(database.db);
    await expect(store.put('../etc/passwd', new Uint8Array(1), 'text/plain')).rejects.toThrow('Not a file store key');
    expect(await store.get('../etc/passwd')).toBeUndefined();
    expect(await store.open!('2026/11/x.exe')).toBeUndefined();
    expect(await store.delete('../etc/passwd')).toBe(false);
  });

  it('sweeps chunks no file points at once they are old, and keeps every file', async () => {
    const store = createDatabaseFileStore(database.db);
    await store.put('2026/11/keptfile12345678.pdf', new Uint8Array([9]), 'application/pdf');
    // A write that died half-way: chunks under a content id no file row points at, from two days ago.
    await database.db.execute(sql`insert into stored_file_chunks (content_id, seq, data, created_at) values (gen_random_uuid(), 0, '\\x00'::bytea, now() - interval '2 days')`);
    const before = await chunks();
    expect(await store.sweep!(new Date(Date.now() - 86_400_000))).toBe(1);
    expect(await chunks()).toBe(before - 1);
    expect((await store.get('2026/11/keptfile12345678.pdf'))!.body).toEqual(new Uint8Array([9]));
  });
});
