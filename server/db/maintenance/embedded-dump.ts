// A consistent backup of the embedded database: PGlite's own tarball of its data folder (dumpDataDir), taken while no
// transaction is open and no statement runs, after a checkpoint, so it opens without replaying much of the log.
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The tables whose row counts a backup, a restore and a move print. */
export const KEY_TABLES = [
  { table: 'bookings', label: 'Bookings' },
  { table: 'chargers', label: 'Chargers' },
  { table: 'ledger_entries', label: 'Ledger entries' },
  { table: 'wallets', label: 'Wallets' },
] as const;

/** Runs one SQL text and answers its rows (PGlite's query, or a node-postgres client's). */
export type RunSql = (text: string) => Promise<Record<string, unknown>[]>;

/** The row counts of KEY_TABLES. */
export async function keyCounts(run: RunSql): Promise<Record<string, number>> {
  const [row] = await run(`select ${KEY_TABLES.map(({ table }) => `(select count(*) from "${table}")::int as "${table}"`).join(', ')}`);
  return Object.fromEntries(KEY_TABLES.map(({ table }) => [table, Number(row?.[table] ?? 0)]));
}

/** PGlite's query as RunSql. */
export const pgliteSql =
  (client: PGlite): RunSql =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

/**
 * Dumps the open embedded database to `file` (gzip tarball), atomically: written beside it under a temporary name,
 * then renamed, so a reader never sees half a backup and a failed one leaves any earlier file in place. Waits for the
 * open transaction and the running statement to finish, and holds both off while the data folder is read.
 */
export async function dumpEmbeddedTo(client: PGlite, file: string): Promise<{ bytes: number; counts: Record<string, number> }> {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    // In a transaction of PGlite's, which holds every other statement and transaction off until it ends: the counts
    // are the dump's, and nothing is half-written while the folder is read.
    const { dump, counts } = await client.transaction(async (tx) => {
      const counts = await keyCounts(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
      await tx.exec('checkpoint');
      return { dump: await client.dumpDataDir('gzip'), counts };
    });
    writeFileSync(temp, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    renameSync(temp, file);
    return { bytes: statSync(file).size, counts };
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // never written
    }
    throw error;
  }
}

/**
 * Opens a backup in memory (nothing on disk changes) to check it is one and read its counts; throws NotABackupError
 * when PGlite cannot read it.
 */
export async function readBackup(blob: Blob): Promise<{ counts: Record<string, number>; client: PGlite }> {
  let client: PGlite;
  try {
    client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: blob });
  } catch (error) {
    throw new NotABackupError(error instanceof Error ? error.message : String(error));
  }
  try {
    return { counts: await keyCounts(pgliteSql(client)), client };
  } catch (error) {
    await client.close();
    throw new NotABackupError(error instanceof Error ? error.message : String(error));
  }
}

/** The file is not a backup of this console's embedded database. */
export class NotABackupError extends Error {
  override name = 'NotABackupError';
}
