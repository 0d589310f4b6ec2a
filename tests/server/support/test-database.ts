import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

let hashed: { signature: string; hash: string } | undefined;

/**
 * A name for the prepared data: it changes whenever a migration, the seed or the permission catalogue changes, so stale
 * data is never reused. The files' contents are hashed again only when their sizes or times changed: every test file
 * asks, and the migrations' snapshots alone are about 20 MB.
 */
function preparedDataHash(): string {
  const files = [...filesUnder(migrationsFolder), ...filesUnder(seedFolder), permissionCatalogue];
  const signature = files
    .map((file) => {
      const { size, mtimeMs } = statSync(file);
      return `${file}:${size}:${mtimeMs}`;
    })
    .join('\n');
  if (hashed?.signature === signature) return hashed.hash;
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(readFileSync(file));
  hashed = { signature, hash: hash.digest('hex').slice(0, 16) };
  return hashed.hash;
}

// The prepared PGlite database is cached across test files (and runs) as an uncompressed data-folder dump: loading it
// takes about a quarter less processor time than a gzipped one (1.4 s against 1.9 s a copy, measured on 2 cores).
function templatePath(): string {
  return path.join(os.tmpdir(), `czo-server-test-pglite-${preparedDataHash()}.tar`);
}

/** The dump this worker last read: the server tests share one module graph per worker, so files after the first reuse it. */
let loadedDump: { file: string; dump: Blob } | undefined;

async function preparedPgliteDump(): Promise<Blob> {
  const file = templatePath();
  if (loadedDump?.file === file) return loadedDump.dump;
  // One worker builds it while the others wait (on a fresh machine every worker would otherwise migrate and seed its
  // own copy at once); the lock is taken only when the file is missing.
  if (!existsSync(file)) await withFileLock(`${file}.lock`, async () => existsSync(file) || (await buildPgliteDump(file)));
  loadedDump = { file, dump: new Blob([readFileSync(file)]) };
  return loadedDump.dump;
}

async function buildPgliteDump(file: string): Promise<true> {
  const fresh = await openDatabase({ databaseUrl: undefined, dataDir: os.tmpdir() }, { inMemory: true });
  try {
    await runSeed(fresh.db, { now: SEED_TIME, scale: TEST_SEED_SCALE });
    const dump = await fresh.pglite!.dumpDataDir('none');
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
    renameSync(temp, file); // atomic: a reader never sees a half-written template
    removeOlderDumps();
    return true;
  } finally {
    await fresh.close();
  }
}

/** Dumps of other versions (a migration or the seed changed): the two newest stay, as a run of another checkout may still read one. */
function removeOlderDumps(): void {
  const dumps = readdirSync(os.tmpdir())
    .filter((name) => /^czo-server-test-pglite-[0-9a-f]{16}\.tar(\.gz)?$/.test(name))
    .flatMap((name) => {
      const full = path.join(os.tmpdir(), name);
      const mtimeMs = statSync(full, { throwIfNoEntry: false })?.mtimeMs;
      return mtimeMs === undefined ? [] : [{ full, mtimeMs }];
    })
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { full } of dumps.slice(2)) rmSync(full, { force: true });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Runs `work` holding a lock folder (mkdir is atomic) that names its holder's process; a lock whose holder has died
 * (a run killed while building) is taken over.
 */
async function withFileLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const owner = path.join(lock, 'pid');
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(owner, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(owner, 'utf8'));
    } catch {
      // Made but not yet named by its holder (or the holder died in between: then the folder grows old unnamed).
    }
    const unnamedFor = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    const dead = Number.isInteger(holder) && holder > 0 ? !isAlive(holder) : unnamedFor > 30_000;
    if (dead) rmSync(lock, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A fresh migrated and seeded database on the given driver; close() drops it. */
export async function createTestDatabase(driver: DatabaseDriver): Promise<OpenDatabase> {
  if (driver === 'pglite') {
    // A copy of the prepared database is migrated already (its name changes with the migrations).
    return openDatabase({ databaseUrl: undefined, dataDir: os.tmpdir() }, { loadDataDir: await preparedPgliteDump(), migrate: false });
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
  // Copied from the migrated template: no migration to check, nor the migration lock every copy would queue on.
  const database = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, name), dataDir: os.tmpdir() }, { migrate: false });
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
        select datname from pg_database
        where case when datname ~ '^czo_test_[0-9]+_' then split_part(datname, '_', 3)::bigint < $1 else false end`,
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
