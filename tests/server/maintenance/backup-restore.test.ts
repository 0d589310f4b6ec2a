// Backups of the embedded database while its server runs and writes (sign-ins, each a session row), taken by the
// server itself when the command asks it on DATA_DIR's control socket; a second server, a restore or a move on a held
// DATA_DIR refuses; a backup restores into a new DATA_DIR with the same counts; restore refuses a non-empty database
// without --force and keeps it aside with it; bad input gives one clear line and exit code 1.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/open-database';
import { controlSocketPath } from '@server/db/maintenance/data-dir-socket';
import { backupCommand, restoreCommand } from '@server/db/maintenance/commands';
import type { RunningServer } from '@server/start-server';
import { maintenanceConfig, removeTempDataDirs, runCli, seedDataDir, signInOver, startTestServer, tempDataDir } from './maintenance-support';

const ADMIN = '9000000001';
const countsLine = /Bookings [\d,]+, Chargers [\d,]+, Ledger entries [\d,]+, Wallets [\d,]+/;

async function sessionsIn(dataDir: string): Promise<number> {
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    return Number((await database.pglite!.query<{ n: number }>('select count(*)::int as n from sessions')).rows[0]!.n);
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  const dataDir = tempDataDir('backup-source');
  const backups = tempDataDir('backup-files');
  let server: RunningServer;
  let sessionsBefore = 0;

  beforeAll(async () => {
    await seedDataDir(dataDir);
    sessionsBefore = await sessionsIn(dataDir);
    server = await startTestServer(maintenanceConfig(dataDir));
  }, 900_000);
  afterAll(async () => {
    await server?.close();
    removeTempDataDirs();
  }, 60_000);

  it('holds DATA_DIR on a socket only its owner may use, and a second server on it refuses to start', async () => {
    const socket = controlSocketPath(dataDir);
    expect(statSync(socket).isSocket()).toBe(true);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    await expect(startTestServer(maintenanceConfig(dataDir))).rejects.toThrow(/A running server \(process \d+\) holds this data folder/);
  }, 120_000);

  it('takes a consistent backup while the server writes, and the backup restores into a new DATA_DIR with the same counts', async () => {
    // Sign-ins one after the other, each writing a session, all through the backup.
    let signedIn = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await signInOver(server.url, ADMIN);
        signedIn++;
      }
    })();
    while (signedIn < 2) await new Promise((resolve) => setTimeout(resolve, 50));

    const file = path.join(backups, 'running.tar.gz');
    const lines: string[] = [];
    const doneBefore = signedIn;
    expect(await backupCommand(['--out', file], { env: { DATA_DIR: dataDir, APP_ENV: 'test' }, out: (l) => lines.push(l), err: (l) => lines.push(l) })).toBe(0);
    const doneAfter = signedIn;
    while (signedIn < doneAfter + 2) await new Promise((resolve) => setTimeout(resolve, 50));
    writing = false;
    await writer;

    expect(lines[0]).toBe(`Backup written: ${file}`);
    expect(lines[1]).toMatch(/^ {2}[\d.]+ MB \([\d,]+ bytes\), taken \d{4}-\d\d-\d\dT[\d:.]+Z by the running server \(process \d+\), in [\d.]+ s$/);
    const counts = countsLine.exec(lines[2]!)?.[0];
    expect(counts).toBeDefined();
    expect(readdirSync(backups)).toEqual(['running.tar.gz']); // written under a temporary name, then renamed

    const restoredDir = tempDataDir('backup-restored');
    const restoreLines: string[] = [];
    expect(await restoreCommand([file], { env: { DATA_DIR: restoredDir, APP_ENV: 'test' }, out: (l) => restoreLines.push(l), err: (l) => restoreLines.push(l) })).toBe(0);
    expect(restoreLines.at(-2)).toMatch(/it opens and its migrations are applied\.$/);
    expect(restoreLines.at(-1)).toBe(`  ${counts}`);
    // Every sign-in finished before the backup was asked for is in it; none begun after it answered.
    const restoredSessions = await sessionsIn(restoredDir);
    expect(restoredSessions).toBeGreaterThanOrEqual(sessionsBefore + doneBefore);
    expect(restoredSessions).toBeLessThanOrEqual(sessionsBefore + doneAfter + 1);
  }, 900_000);

  it('answers a backup from another process while the server runs; a restore or a move on the held DATA_DIR refuses, and the server goes on', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const [second, restore, move] = await Promise.all([
      runCli(['backup', '--out', path.join(backups, 'second.tar.gz')], env),
      runCli(['restore', path.join(backups, 'running.tar.gz'), '--force'], env),
      runCli(['move', '--to', 'postgres://postgres@127.0.0.1:5432/czo_never_made'], env),
    ]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/by the running server \(process \d+\)/);
    for (const refused of [restore, move]) {
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^A running server \(process \d+\) holds .+: stop it first/);
      expect(refused.stderr).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(path.join(dataDir, 'pglite.before-restore'))).toBe(false);
    expect(readdirSync(dataDir).filter((n) => n.startsWith('pglite.before-restore'))).toEqual([]);
    // The server still answers and writes.
    expect(await signInOver(server.url, ADMIN)).toMatch(/.+/);
    const restoredDir = tempDataDir('backup-second');
    const lines: string[] = [];
    expect(await restoreCommand([path.join(backups, 'second.tar.gz')], { env: { DATA_DIR: restoredDir, APP_ENV: 'test' }, out: (l) => lines.push(l), err: (l) => lines.push(l) })).toBe(0);
    expect(lines.at(-1)).toMatch(countsLine);
  }, 600_000);

  it('refuses to restore over a database without --force, and with it keeps the old one aside', async () => {
    const target = tempDataDir('backup-over');
    const env = { DATA_DIR: target, APP_ENV: 'test' };
    const file = path.join(backups, 'running.tar.gz');
    const quiet = { out: () => {}, err: () => {} };
    expect(await restoreCommand([file], { env, ...quiet })).toBe(0);
    const errors: string[] = [];
    expect(await restoreCommand([file], { env, out: () => {}, err: (l) => errors.push(l) })).toBe(1);
    expect(errors).toEqual([`${path.join(target, 'pglite')} holds a database already. Run again with --force to restore over it (the current one is kept aside as pglite.before-restore-<time>).`]);
    expect(readdirSync(target).sort()).toEqual(['pglite']);
    const lines: string[] = [];
    expect(await restoreCommand([file, '--force'], { env, out: (l) => lines.push(l), err: (l) => lines.push(l) })).toBe(0);
    const aside = readdirSync(target).filter((n) => n.startsWith('pglite.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(aside[0]).toMatch(/^pglite\.before-restore-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(existsSync(path.join(target, aside[0]!, 'PG_VERSION'))).toBe(true);
    expect(lines).toContain(`The database that was there is kept in ${path.join(target, aside[0]!)}`);
  }, 600_000);

  it('answers bad input with one clear line and exit code 1, changing nothing', async () => {
    const empty = tempDataDir('backup-bad');
    const notBackup = path.join(empty, 'notes.tar.gz');
    writeFileSync(notBackup, 'not a backup');
    const env = { DATA_DIR: empty, DATABASE_URL: '' };
    const results = await Promise.all([
      runCli(['restore', path.join(empty, 'missing.tar.gz')], env),
      runCli(['restore', notBackup], env),
      runCli(['move', '--to', 'not a url'], env),
      runCli(['backup', '--into', 'x'], env),
    ]);
    expect(results.map((r) => [r.code, r.stderr.trim()])).toEqual([
      [1, `No such file: ${path.join(empty, 'missing.tar.gz')}`],
      [1, `${notBackup} is not a backup of the embedded database (PGlite cannot open it).`],
      [1, '--to takes a PostgreSQL connection string such as postgres://user@host:5432/database, not "not a url".'],
      [1, 'Unknown option --into (options: --out <value>).'],
    ]);
    expect(readdirSync(empty).sort()).toEqual(['notes.tar.gz']);
  }, 600_000);
});
