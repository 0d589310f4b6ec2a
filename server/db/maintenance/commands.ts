// The database commands: `npm run db:backup`, `db:restore` and `db:move` (cli.ts reads the command line). Each one
// answers an exit code and writes its lines through `out` (errors through `err`): a person's mistake or a file that is
// not a backup gives one clear line and exit code 1, never a stack trace.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { ConfigError, loadConfig, type AppConfig } from '@server/config';
import { openDatabase } from '@server/db/open-database';
import { createDatabaseFileStore } from '@server/uploads/database-file-store';
import { isStoreKey } from '@server/uploads/file-store';
import { askHolder, DataDirHeldError, holdDataDir, type DataDirHold, type DataDirHolderKind } from './data-dir-socket';
import { dumpEmbeddedTo, KEY_TABLES, keyCounts, NotABackupError, pgliteSql, readBackup, type RunSql } from './embedded-dump';
import { assertEmptyTarget, compareCounts, copyTables, ledgerChecksum, tablesInForeignKeyOrder, TargetNotEmptyError, type TableCopy } from './move-to-postgres';

/** Where a command writes. */
export interface CommandIo {
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** A mistake the command explains in one line (exit code 1). */
export class CommandError extends Error {
  override name = 'CommandError';
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** A time for a file name: 2026-11-29T03-41-07Z. */
const fileStamp = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');

function countsLine(counts: Record<string, number>): string {
  return KEY_TABLES.map(({ table, label }) => `${label} ${(counts[table] ?? 0).toLocaleString('en-IN')}`).join(', ');
}

/** The embedded database's folder of a config. */
export const embeddedFolder = (config: Pick<AppConfig, 'dataDir'>) => path.join(config.dataDir, 'pglite');

/** Whether a folder holds a PGlite database (its PG_VERSION file). */
const holdsDatabase = (folder: string) => existsSync(path.join(folder, 'PG_VERSION'));

/** Runs one command; answers its exit code. */
export async function runCommand(io: CommandIo, body: (config: AppConfig, out: (line: string) => void) => Promise<number>): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  try {
    return await body(loadConfig(io.env ?? process.env), out);
  } catch (error) {
    if (error instanceof CommandError || error instanceof ConfigError || error instanceof NotABackupError || error instanceof TargetNotEmptyError) err(error.message);
    else if (error instanceof DataDirHeldError) err(`${error.message} Stop it first${error.holder === 'server' ? ' (or, for a backup, run npm run db:backup while it runs: it asks the server)' : ''}.`);
    else err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** Holds the data folder for a command, or explains who holds it. */
export async function hold(config: AppConfig, holder: DataDirHolderKind): Promise<DataDirHold> {
  try {
    return await holdDataDir(config.dataDir, { holder });
  } catch (error) {
    if (error instanceof DataDirHeldError) {
      throw new CommandError(
        error.holder === 'server'
          ? `A running server (process ${error.pid}) holds ${config.dataDir}: stop it first (PGlite's files belong to one process; a second one opening them corrupts the database).`
          : `Another database command (${error.holder}, process ${error.pid}) is working on ${config.dataDir}: wait for it to finish.`,
      );
    }
    throw error;
  }
}

async function openEmbedded(folder: string): Promise<PGlite> {
  return PGlite.create(folder, { extensions: { pg_trgm } });
}

/** `npm run db:backup [-- --out <file>]`. */
export function backupCommand(args: string[], io: CommandIo = {}): Promise<number> {
  return runCommand(io, async (config, out) => {
    const outFlag = parseFlags(args, { out: 'value' }, 0).flags.out;
    const started = new Date();
    if (config.databaseUrl) return postgresBackup(config.databaseUrl, outFlag as string | undefined, started, out);
    const file = path.resolve((outFlag as string | undefined) ?? path.join(config.dataDir, 'backups', `pglite-${fileStamp(started)}.tar.gz`));
    if (existsSync(file) && statSync(file).isDirectory()) throw new CommandError(`${file} is a folder: --out takes a file name.`);
    let result: { bytes: number; counts?: Record<string, number> };
    let by: string;
    const holder = await askHolder(config.dataDir, { op: 'backup', file });
    if (holder && holder.holder !== 'server') throw new CommandError(`Another database command (${holder.holder}, process ${holder.pid}) is working on ${config.dataDir}: wait for it to finish.`);
    if (holder) {
      if (!holder.ok) throw new CommandError(`The running server (process ${holder.pid}) could not take the backup: ${holder.message}`);
      result = { bytes: holder.bytes ?? 0, counts: holder.counts };
      by = `by the running server (process ${holder.pid})`;
    } else {
      const folder = embeddedFolder(config);
      const held = await hold(config, 'backup');
      try {
        if (!holdsDatabase(folder)) throw new CommandError(`There is no embedded database in ${folder} (DATA_DIR=${config.dataDir}).`);
        const client = await openEmbedded(folder);
        try {
          result = await dumpEmbeddedTo(client, file);
        } finally {
          await client.close();
        }
      } finally {
        await held.release();
      }
      by = 'with no server running';
    }
    out(`Backup written: ${file}`);
    out(`  ${megabytes(result.bytes)} (${result.bytes.toLocaleString('en-IN')} bytes), taken ${started.toISOString()} ${by}, in ${seconds(Date.now() - started.getTime())}`);
    if (result.counts) out(`  ${countsLine(result.counts)}`);
    out(`Restore it with: npm run db:restore -- ${file}`);
    return 0;
  });
}

/**
 * On PostgreSQL the backup is PostgreSQL's own: pg_dump's custom format when pg_dump is installed (its version must be
 * at least the server's), else how to take one.
 */
function postgresBackup(url: string, outFlag: string | undefined, started: Date, out: (line: string) => void): number {
  const file = path.resolve(outFlag ?? `czo-${fileStamp(started)}.dump`);
  const version = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    throw new CommandError(
      `DATABASE_URL is set: the database is PostgreSQL, backed up with PostgreSQL's own tools, and pg_dump is not installed here. Run: pg_dump -Fc --file ${file} "$DATABASE_URL" (restore with pg_restore --clean --if-exists -d "$DATABASE_URL" ${file}).`,
    );
  }
  out(`DATABASE_URL is set: backing up PostgreSQL with ${version.stdout.trim()} (custom format)…`);
  const dump = spawnSync('pg_dump', ['-Fc', '--file', file, url], { encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] });
  if (dump.status !== 0) throw new CommandError(`pg_dump failed: ${(dump.stderr ?? '').trim() || `exit code ${dump.status}`}`);
  const bytes = statSync(file).size;
  out(`Backup written: ${file}`);
  out(`  ${megabytes(bytes)} (${bytes.toLocaleString('en-IN')} bytes), taken ${started.toISOString()}, in ${seconds(Date.now() - started.getTime())}`);
  out(`Restore it with: pg_restore --clean --if-exists -d "$DATABASE_URL" ${file}`);
  return 0;
}

/** `npm run db:restore -- <file> [--force]`. */
export function restoreCommand(args: string[], io: CommandIo = {}): Promise<number> {
  return runCommand(io, async (config, out) => {
    const { positional, flags } = parseFlags(args, { force: 'flag' }, 1);
    const force = flags.force === true;
    if (config.databaseUrl) throw new CommandError('DATABASE_URL is set: the database is PostgreSQL; restore a pg_dump file with pg_restore. This command restores the embedded database.');
    const file = path.resolve(positional[0]!);
    if (!existsSync(file)) throw new CommandError(`No such file: ${file}`);
    if (!statSync(file).isFile()) throw new CommandError(`${file} is not a file.`);
    const started = Date.now();
    const blob = new Blob([readFileSync(file)]);
    // Read in memory first: a file that is not a backup changes nothing on disk.
    const backup = await readBackup(blob).catch((error: unknown) => {
      if (error instanceof NotABackupError) throw new NotABackupError(`${file} is not a backup of the embedded database (PGlite cannot open it).`);
      throw error;
    });
    await backup.client.close();
    out(`Backup ${file}: ${countsLine(backup.counts)}`);
    const held = await hold(config, 'restore');
    try {
      const folder = embeddedFolder(config);
      let keptAside: string | null = null;
      if (existsSync(folder) && readdirSync(folder).length > 0) {
        if (!force) throw new CommandError(`${folder} holds a database already. Run again with --force to restore over it (the current one is kept aside as ${path.basename(folder)}.before-restore-<time>).`);
        keptAside = `${folder}.before-restore-${fileStamp(new Date())}`;
        renameSync(folder, keptAside);
        out(`The database that was there is kept in ${keptAside}`);
      }
      const restored = await PGlite.create(folder, { extensions: { pg_trgm }, loadDataDir: blob });
      await restored.close();
      // Opened as the server opens it: pending migrations of this version of the console apply now.
      const database = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
      try {
        const counts = await keyCounts(pgliteSql(database.pglite!));
        out(`Restored into ${folder} in ${seconds(Date.now() - started)}; it opens and its migrations are applied.`);
        out(`  ${countsLine(counts)}`);
      } finally {
        await database.close();
      }
    } finally {
      await held.release();
    }
    return 0;
  });
}

/** `npm run db:move -- --to postgres://…`. */
export function moveCommand(args: string[], io: CommandIo = {}): Promise<number> {
  return runCommand(io, async (config, out) => {
    const { to } = parseFlags(args, { to: 'value' }, 0).flags;
    if (typeof to !== 'string') throw new CommandError('Name the target: npm run db:move -- --to postgres://user@host:5432/database (an empty database).');
    const url = postgresUrl(to);
    if (config.databaseUrl) throw new CommandError('DATABASE_URL is set: this configuration already uses PostgreSQL. The move copies the embedded database of DATA_DIR; run it without DATABASE_URL.');
    const result = await moveEmbedded(config, url, out);
    return result.equal ? 0 : 1;
  });
}

/** What a move did: its copies, checks and whether both sides agree. */
export interface MoveResult {
  copies: TableCopy[];
  equal: boolean;
  copyMs: number;
  totalMs: number;
}

/** Copies the embedded database of `config` into the empty PostgreSQL database `url`, then checks both sides. */
export async function moveEmbedded(config: AppConfig, url: string, out: (line: string) => void): Promise<MoveResult> {
  const started = Date.now();
  const folder = embeddedFolder(config);
  const held = await hold(config, 'move');
  try {
    if (!holdsDatabase(folder)) throw new CommandError(`There is no embedded database in ${folder} (DATA_DIR=${config.dataDir}).`);
    const target = new pg.Client({ connectionString: url });
    try {
      await target.connect();
    } catch (error) {
      throw new CommandError(`Could not connect to the target database: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      await assertEmptyTarget(target);
      out('Applying the migrations to the target…');
      const migrated = await openDatabase({ databaseUrl: url, dataDir: config.dataDir });
      await migrated.close();
      out(`Opening the embedded database in ${folder}…`);
      const source = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
      try {
        const pglite = source.pglite!;
        const copyStarted = Date.now();
        out('Copying (one transaction):');
        const copies = await copyTables(pglite, target, (c) => {
          if (c.rows > 0) out(`  ${c.table.padEnd(34)} ${c.rows.toLocaleString('en-IN').padStart(11)} rows  ${seconds(c.ms).padStart(7)}${c.rows >= 10_000 ? `  ${Math.round(c.rows / Math.max(c.ms / 1000, 0.001)).toLocaleString('en-IN')} rows/s` : ''}`);
        }, (indexes, keys, ms) => out(`  ${indexes} indexes built and ${keys} foreign keys checked after the rows were in, in ${seconds(ms)}`));
        const copyMs = Date.now() - copyStarted;
        const rows = copies.reduce((sum, c) => sum + c.rows, 0);
        out(`Copied ${rows.toLocaleString('en-IN')} rows of ${copies.length} tables in ${seconds(copyMs)}.`);
        const tablesEqual = await verify(pgliteSql(pglite), async (text) => (await target.query(text)).rows, out);
        const files = await copyFiles(config, url, out);
        const equal = tablesEqual && files;
        out(equal ? `Moved and checked in ${seconds(Date.now() - started)}. Start the server with DATABASE_URL set to the target.` : 'The two databases differ: do not switch to the target.');
        return { copies, equal, copyMs, totalMs: Date.now() - started };
      } finally {
        await source.close();
      }
    } finally {
      await target.end();
    }
  } finally {
    await held.release();
  }
}

/**
 * The uploads' and exports' files: on the embedded database they are on disk under `<DATA_DIR>/uploads`, on PostgreSQL
 * in the database's file store (server/uploads/app-file-store.ts), so they are copied there (the disk copies stay).
 * True when every file arrived with its size.
 */
async function copyFiles(config: AppConfig, url: string, out: (line: string) => void): Promise<boolean> {
  const root = path.join(config.dataDir, 'uploads');
  const keys = existsSync(root) ? (readdirSync(root, { recursive: true }) as string[]).map((k) => k.split(path.sep).join('/')).filter(isStoreKey) : [];
  if (keys.length === 0) {
    out('Files (uploads and exports): none on disk.');
    return true;
  }
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: url, dataDir: config.dataDir }, { migrate: false });
  const staging = mkdtempSync(path.join(os.tmpdir(), 'czo-move-files-'));
  try {
    const store = createDatabaseFileStore(database.db);
    let bytes = 0;
    let arrived = 0;
    for (const key of keys) {
      const size = statSync(path.join(root, key)).size;
      // The store moves a file in (and removes it): it gets a copy, the embedded side keeps its own.
      const copy = path.join(staging, 'file');
      copyFileSync(path.join(root, key), copy);
      await store.putFile!(key, copy, '');
      const stored = await store.open!(key);
      stored?.stream.destroy();
      if (stored?.size === size) arrived++;
      bytes += size;
    }
    const same = arrived === keys.length;
    out(`Files (uploads and exports): ${arrived.toLocaleString('en-IN')} of ${keys.length.toLocaleString('en-IN')} (${megabytes(bytes)}) copied into the database's file store in ${seconds(Date.now() - started)}${same ? '' : ' — some did not arrive whole'}.`);
    return same;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    await database.close();
  }
}

/** Counts of every table and the ledger checksum on both sides, printed; true when all agree. */
async function verify(source: RunSql, target: RunSql, out: (line: string) => void): Promise<boolean> {
  const tables = await tablesInForeignKeyOrder(source);
  const checks = await compareCounts(source, target, [...tables].sort());
  out('Check, rows per table (embedded → PostgreSQL):');
  let equal = true;
  for (const c of checks) {
    const same = c.embedded === c.postgres;
    equal &&= same;
    if (c.embedded > 0 || !same) out(`  ${same ? ' ' : '✗'} ${c.table.padEnd(34)} ${c.embedded.toLocaleString('en-IN').padStart(11)} ${c.postgres.toLocaleString('en-IN').padStart(11)}`);
  }
  out(`  (${checks.filter((c) => c.embedded === 0 && c.postgres === 0).length} empty tables on both sides)`);
  const [a, b] = await Promise.all([ledgerChecksum(source), ledgerChecksum(target)]);
  const ledgerSame = a.entries === b.entries && a.creditsPaise === b.creditsPaise && a.hash === b.hash && a.walletCreditsPaise === b.walletCreditsPaise;
  equal &&= ledgerSame;
  out(`Ledger checksum: ${ledgerSame ? 'equal' : 'DIFFERENT'}`);
  out(`  embedded:   ${a.entries.toLocaleString('en-IN')} entries moving ${rupees(a.creditsPaise)}, wallets hold ${rupees(a.walletCreditsPaise)}, hash ${a.hash}`);
  out(`  PostgreSQL: ${b.entries.toLocaleString('en-IN')} entries moving ${rupees(b.creditsPaise)}, wallets hold ${rupees(b.walletCreditsPaise)}, hash ${b.hash}`);
  return equal;
}

/** A PostgreSQL connection string, or a CommandError naming what is wrong. */
function postgresUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CommandError(`--to takes a PostgreSQL connection string such as postgres://user@host:5432/database, not "${text}".`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new CommandError(`--to takes a postgres:// connection string, not a ${url.protocol.replace(/:$/, '')} address.`);
  if (!url.pathname || url.pathname === '/') throw new CommandError('--to names no database: add its name, e.g. postgres://user@host:5432/czo.');
  return text;
}

/** Reads `--name value` and `--flag` options and the positional arguments (exactly `positionals` of them). */
export function parseFlags(args: string[], known: Record<string, 'value' | 'flag'>, positionals: number): { flags: Record<string, string | true | undefined>; positional: string[] } {
  const result: { flags: Record<string, string | true | undefined>; positional: string[] } = { flags: {}, positional: [] };
  const usage = Object.entries(known)
    .map(([name, kind]) => (kind === 'flag' ? `--${name}` : `--${name} <value>`))
    .join(', ');
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      const name = arg.slice(2);
      const kind = known[name];
      if (!kind) throw new CommandError(`Unknown option ${arg}${usage ? ` (options: ${usage})` : ''}.`);
      if (kind === 'flag') result.flags[name] = true;
      else {
        const value = args[++i];
        if (value === undefined || value.startsWith('--')) throw new CommandError(`${arg} needs a value.`);
        result.flags[name] = value;
      }
    } else result.positional.push(arg);
  }
  if (result.positional.length !== positionals) {
    throw new CommandError(positionals === 0 ? `Unexpected argument ${result.positional[0]}.` : result.positional.length === 0 ? 'Name the backup file: npm run db:restore -- <file> [--force].' : `Give one backup file, not ${result.positional.length}.`);
  }
  return result;
}
