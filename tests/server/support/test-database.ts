import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseDriver } from '@server/db/database';
import { migrationsFolder, openDatabase, type OpenDatabase } from '@server/db/open-database';
import { runSeed } from '@server/seed/run-seed';

/** Drivers to run the server tests on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDrivers: DatabaseDriver[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

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

// The prepared PGlite database is cached across test files (and runs) under a name that changes whenever
// a migration or the seed changes, so a stale template is never reused.
function templatePath(): string {
  const hash = createHash('sha256');
  for (const file of [...filesUnder(migrationsFolder), ...filesUnder(seedFolder)]) hash.update(file).update(readFileSync(file));
  return path.join(os.tmpdir(), `czo-server-test-pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
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
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  await runSeed(database.db, { now: SEED_TIME, scale: TEST_SEED_SCALE });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
