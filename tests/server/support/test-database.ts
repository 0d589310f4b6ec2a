import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseDriver } from '@server/db/database';
import { migrationsFolder, openDatabase, type OpenDatabase } from '@server/db/open-database';
import { runSeed } from '@server/seed/run-seed';

/**
 * Every driver: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. For what the two drivers do differently:
 * concurrency and locks (PGlite has one connection, so a race there is no race), notifications across processes,
 * the job queue, money on the ledger, migrations, database errors, type round trips, planner estimates.
 */
export const testDrivers: DatabaseDriver[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

/** TEST_ALL_DRIVERS=1 runs every server test on every driver, as every test did until CI outgrew its budget. */
const allDrivers = ['1', 'true'].includes(process.env.TEST_ALL_DRIVERS ?? '');

/**
 * One driver, for rules that do not depend on it (permissions, validation, workflows, screens' API): PostgreSQL
 * when TEST_DATABASE_URL is set, where a test database is a template copy (about 1.5 s under CI's load, against
 * about 5 s to open a PGlite copy) and the races these files hold really run in parallel; else PGlite.
 */
export const ruleDrivers: DatabaseDriver[] = allDrivers ? testDrivers : [process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'];

/**
 * The sweeps over every route (contract, permission matrix, fuzz): on the embedded database, the default of
 * `npm start` and of the browser journeys, whose single connection turns a query made outside a route's open
 * transaction into a hang that PostgreSQL's pool would hide.
 */
export const sweepDrivers: DatabaseDriver[] = allDrivers ? testDrivers : ['pglite'];

/** created_at of seeded rows in tests (the test clock starts after it). */
export const SEED_TIME = new Date('2026-01-01T00:00:00.000Z');

/** Bulk data in test databases: a small slice of the demo seed (hundreds of rows, not 100k). */
export const TEST_SEED_SCALE = 0.01;

const seedFolder = path.resolve(path.dirname(migrationsFolder), '../seed');

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

/** The permission catalogue: the seed grants Super Admin every permission in it, so a new one changes the seeded roles. */
const permissionCatalogue = path.resolve(path.dirname(migrationsFolder), '../../domain/permissions.ts');

/**
 * A name for the prepared data: it changes whenever a migration, the seed or the permission catalogue changes, so stale
 * data is never reused.
 */
function preparedDataHash(): string {
  const hash = createHash('sha256');
  for (const file of [...filesUnder(migrationsFolder), ...filesUnder(seedFolder), permissionCatalogue]) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

// The prepared PGlite database is cached across test files (and runs) as a data-folder dump.
function templatePath(): string {
  return path.join(os.tmpdir(), `czo-server-test-pglite-${preparedDataHash()}.tar.gz`);
}

async function preparedPgliteDump(): Promise<Blob> {
  const file = templatePath();
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = await openDatabase({ databaseUrl: undefined, dataDir: os.tmpdir() }, { inMemory: true });
  try {
    await runSeed(fresh.db, { now: SEED_TIME, scale: TEST_SEED_SCALE });
    const dump = await fresh.pglite!.dumpDataDir('gzip');
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
    renameSync(temp, file); // atomic: parallel test files never read a half-written template
    return dump;
  } finally {
    await fresh.close();
  }
}

/** A fresh migrated and seeded database on the given driver; close() drops it. */
export async function createTestDatabase(driver: DatabaseDriver): Promise<OpenDatabase> {
  if (driver === 'pglite') {
    return openDatabase({ databaseUrl: undefined, dataDir: os.tmpdir() }, { loadDataDir: await preparedPgliteDump() });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `czo_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, async (admin) => {
    const template = await preparedPostgresTemplate(admin, adminUrl);
    // Copying a template needs no other session on it; the lock also keeps two copies from overlapping.
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      await admin.query(`create database "${name}" template "${template}"`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  const database = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, name), dataDir: os.tmpdir() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, async (admin) => {
        // The pool's end() does not wait for its sockets to close: wait for their sessions to leave, so the drop
        // never has to terminate one (which its client would report as an error).
        for (let i = 0; i < 40; i++) {
          const open = await admin.query('select 1 from pg_stat_activity where datname = $1', [name]);
          if (!open.rowCount) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await admin.query(`drop database if exists "${name}" with (force)`);
      });
    },
  };
}

/** Advisory lock key of the template database's creation and copies. */
const TEMPLATE_LOCK = 0x637a6f74;

function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * The migrated and seeded PostgreSQL database every test file copies (CREATE DATABASE … TEMPLATE, a file copy),
 * made once per migrations-and-seed version. When a new template is made, all but the two newest older ones are
 * dropped, and so are test databases left by a killed run.
 */
async function preparedPostgresTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const template = `czo_template_${preparedDataHash()}`;
  const exists = async () => ((await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount ?? 0) > 0;
  if (await exists()) return template;
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    if (await exists()) return template;
    // Templates of other versions: the two newest stay (a run of another checkout may still be copying one), older
    // ones go, as do test databases a killed run left behind.
    const stale = await admin.query<{ datname: string }>(
      String.raw`select datname from (
          select datname, row_number() over (order by oid desc) as age from pg_database where datname like 'czo\_template\_%'
        ) templates where age > 2
        union all
        select datname from pg_database where datname like 'czo\_test\_%' and split_part(datname, '_', 3)::bigint < $1`,
      [Date.now() - 6 * 60 * 60 * 1000],
    );
    for (const { datname } of stale.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    const building = `${template}_building`;
    await admin.query(`drop database if exists "${building}" with (force)`);
    await admin.query(`create database "${building}"`);
    const database = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, building), dataDir: os.tmpdir() });
    try {
      await runSeed(database.db, { now: SEED_TIME, scale: TEST_SEED_SCALE });
    } finally {
      await database.close();
    }
    // Renamed only once complete: a run killed while seeding never leaves a half-made template behind.
    await admin.query(`alter database "${building}" rename to "${template}"`);
    return template;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}
