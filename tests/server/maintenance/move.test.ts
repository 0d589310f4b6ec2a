// Moving the embedded database into an empty PostgreSQL database: every table's rows and the ledger's checksum equal
// on both sides, and the server started on the target answers a booking and the ledger's check exactly as the embedded
// one did; a target that holds tables is refused and left as it was.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { moveCommand } from '@server/db/maintenance/commands';
import { LEDGER_CHECK_API } from '@server/ledger/ledger-check-route';
import { openDatabase } from '@server/db/open-database';
import { getJson, maintenanceConfig, removeTempDataDirs, seedDataDir, signInOver, startTestServer, tempDataDir } from './maintenance-support';

const adminUrl = process.env.TEST_DATABASE_URL;
const ADMIN = '9000000001';

function databaseUrl(name: string): string {
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** What the console reads of a booking and of the ledger, over HTTP. */
async function readings(url: string, bookingId: number): Promise<{ booking: unknown; ledger: unknown }> {
  const key = await signInOver(url, ADMIN);
  const booking = await getJson(url, `/booking-service/admin/booking/${bookingId}`, key);
  const ledger = await getJson(url, LEDGER_CHECK_API, key);
  expect(booking.status).toBe(200);
  expect(ledger.status).toBe(200);
  return { booking: booking.body, ledger: ledger.body };
}

describe.runIf(adminUrl)('moving the embedded database to PostgreSQL', () => {
  const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const target = `czo_test_move_${suffix}`;
  const occupied = `czo_test_move_occupied_${suffix}`;
  const dataDir = tempDataDir('move-source');
  const previousOcppProcess = process.env.OCPP_PROCESS;

  beforeAll(async () => {
    // The central system in the server's own process: the test reads the console, not the chargers.
    process.env.OCPP_PROCESS = 'same';
    await admin(async (client) => {
      await client.query(`create database "${target}"`);
      await client.query(`create database "${occupied}"`);
    });
    const other = new pg.Client({ connectionString: databaseUrl(occupied) });
    await other.connect();
    await other.query('create table notes (id int primary key, text text)');
    await other.query(`insert into notes values (1, 'kept')`);
    await other.end();
    await seedDataDir(dataDir);
  }, 900_000);
  afterAll(async () => {
    if (previousOcppProcess === undefined) delete process.env.OCPP_PROCESS;
    else process.env.OCPP_PROCESS = previousOcppProcess;
    await admin(async (client) => {
      await client.query(`drop database if exists "${target}" with (force)`);
      await client.query(`drop database if exists "${occupied}" with (force)`);
    });
    removeTempDataDirs();
  }, 60_000);

  it('copies every row, checks counts and the ledger, and the server on PostgreSQL answers as the embedded one did', async () => {
    const source = await openDatabase({ databaseUrl: undefined, dataDir });
    const bookingId = Number((await source.pglite!.query<{ id: number }>('select max(id)::int as id from bookings where amount > 0')).rows[0]!.id);
    await source.close();
    expect(bookingId).toBeGreaterThan(0);

    const embedded = await startTestServer(maintenanceConfig(dataDir));
    let before: Awaited<ReturnType<typeof readings>>;
    try {
      before = await readings(embedded.url, bookingId);
    } finally {
      await embedded.close();
    }
    expect(before.ledger).toMatchObject({ ok: true });

    // An upload on the embedded side's disk: on PostgreSQL files live in the database's file store.
    const upload = path.join(dataDir, 'uploads', '2026', '11', 'moved-upload-1.png');
    mkdirSync(path.dirname(upload), { recursive: true });
    writeFileSync(upload, randomBytes(300_000));

    const lines: string[] = [];
    const code = await moveCommand(['--to', databaseUrl(target)], { env: { DATA_DIR: dataDir, APP_ENV: 'test' }, out: (l) => lines.push(l), err: (l) => lines.push(l) });
    expect(code, lines.join('\n')).toBe(0);
    expect(lines).toContain('Ledger checksum: equal');
    expect(lines.filter((l) => l.startsWith('  ✗'))).toEqual([]);
    const [embeddedSum, postgresSum] = lines.filter((l) => /^ {2}(embedded|PostgreSQL):/.test(l)).map((l) => l.replace(/^ {2}\S+:\s+/, ''));
    expect(postgresSum).toBe(embeddedSum);
    expect(embeddedSum).toMatch(/^[\d,]+ entries moving ₹[\d,.]+, wallets hold ₹[\d,.]+, hash \d+$/);
    expect(lines.find((l) => l.startsWith('Files'))).toMatch(/^Files \(uploads and exports\): 1 of 1 \(0\.3 MB\) copied into the database's file store in [\d.]+ s\.$/);
    expect(existsSync(upload)).toBe(true);
    const stored = await admin(async () => {
      const client = new pg.Client({ connectionString: databaseUrl(target) });
      await client.connect();
      try {
        return (await client.query('select size::int as size from stored_files where key = $1', ['2026/11/moved-upload-1.png'])).rows;
      } finally {
        await client.end();
      }
    });
    expect(stored).toEqual([{ size: 300_000 }]);
    // The sequences moved with the rows: the next booking takes an id after the copied ones.
    const sequence = await admin(async () => {
      const client = new pg.Client({ connectionString: databaseUrl(target) });
      await client.connect();
      try {
        return (await client.query(`select (select last_value from pg_sequences where sequencename = 'bookings_id_seq')::bigint as last, (select max(id) from bookings)::bigint as max`)).rows[0];
      } finally {
        await client.end();
      }
    });
    expect(Number(sequence.last)).toBeGreaterThanOrEqual(Number(sequence.max));
    expect(Number(sequence.max)).toBeGreaterThanOrEqual(bookingId);

    const onPostgres = await startTestServer(maintenanceConfig(dataDir, databaseUrl(target)));
    try {
      const after = await readings(onPostgres.url, bookingId);
      expect(after.booking).toEqual(before.booking);
      expect(after.ledger).toEqual(before.ledger);
      // New rows take new ids after the copied ones (the sequences moved with the rows).
      await signInOver(onPostgres.url, ADMIN);
    } finally {
      await onPostgres.close();
    }
  }, 900_000);

  it('refuses a target that holds tables, and leaves it as it was', async () => {
    const errors: string[] = [];
    const code = await moveCommand(['--to', databaseUrl(occupied)], { env: { DATA_DIR: dataDir, APP_ENV: 'test' }, out: () => {}, err: (l) => errors.push(l) });
    expect(code).toBe(1);
    expect(errors).toEqual(['The target database is not empty (it holds public.notes). Move into a new, empty database.']);
    const other = new pg.Client({ connectionString: databaseUrl(occupied) });
    await other.connect();
    try {
      const tables = await other.query(`select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`);
      expect(tables.rows).toEqual([{ name: 'public.notes' }]);
      expect((await other.query('select text from notes')).rows).toEqual([{ text: 'kept' }]);
    } finally {
      await other.end();
    }
  }, 300_000);
});
