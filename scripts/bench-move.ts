// `npm run bench:move [-- --scale 10 --data-dir DIR --keep]`: moves a seeded embedded database into a new PostgreSQL
// database (npm run db:move's own code) and prints the seconds and rows per second of each large table and the check.
// The embedded database is seeded once per scale in DIR (default .tmp/bench-move/scale-<N>, timed on its own and
// remembered in bench-seed.json); the target is created on BENCH_DATABASE_URL's server (default TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards unless --keep.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '@server/config';
import { moveEmbedded } from '@server/db/maintenance/commands';
import { openDatabase } from '@server/db/open-database';
import { runSeed } from '@server/seed/run-seed';
import { machineLine } from './bench-support';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};
const scale = Number(option('scale') ?? 10);
if (!Number.isFinite(scale) || scale <= 0 || scale > 100) {
  console.error('--scale takes a number above 0 and at most 100.');
  process.exit(2);
}
const dataDir = path.resolve(option('data-dir') ?? `.tmp/bench-move/scale-${scale}`);
const keep = argv.includes('--keep');
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

console.log(`bench:move at scale ${scale}: ${machineLine()}`);
const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, APP_ENV: 'development' });
mkdirSync(dataDir, { recursive: true });
const marker = path.join(dataDir, 'bench-seed.json');
const seeded = existsSync(marker) ? (JSON.parse(readFileSync(marker, 'utf8')) as { scale: number; seconds: number }) : null;
if (seeded && seeded.scale >= scale) {
  console.log(`Reusing the embedded database in ${dataDir}, seeded at scale ${seeded.scale} in ${seeded.seconds} s.`);
} else {
  console.log(`Seeding the embedded database in ${dataDir} at scale ${scale} (measured on its own; long at scale 10)…`);
  const started = Date.now();
  const database = await openDatabase(config);
  try {
    await runSeed(database.db, { scale, log: (line) => console.log(line) });
  } finally {
    await database.close();
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  writeFileSync(marker, JSON.stringify({ scale, seconds, seededAt: new Date().toISOString() }));
  console.log(`Seeded in ${seconds} s.`);
}

const name = `czo_bench_move_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const targetUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
let exitCode = 1;
try {
  console.log(`Moving into ${name} (${machineLine()})…`);
  const result = await moveEmbedded(config, targetUrl, (line) => console.log(line));
  const rows = result.copies.reduce((sum, c) => sum + c.rows, 0);
  console.log('');
  console.log(`Copy: ${rows.toLocaleString('en-IN')} rows in ${(result.copyMs / 1000).toFixed(1)} s (${Math.round(rows / (result.copyMs / 1000)).toLocaleString('en-IN')} rows/s); whole move with migrations and checks ${(result.totalMs / 1000).toFixed(1)} s; check ${result.equal ? 'equal' : 'DIFFERENT'}.`);
  console.log('Largest tables:');
  for (const c of [...result.copies].sort((a, b) => b.rows - a.rows).slice(0, 8)) {
    console.log(`  ${c.table.padEnd(30)} ${c.rows.toLocaleString('en-IN').padStart(11)} rows ${(c.ms / 1000).toFixed(1).padStart(7)} s ${Math.round(c.rows / Math.max(c.ms / 1000, 0.001)).toLocaleString('en-IN').padStart(10)} rows/s`);
  }
  console.log(`Machine after: ${machineLine()}`);
  exitCode = result.equal ? 0 : 1;
} finally {
  if (!keep) await admin.query(`drop database if exists "${name}" with (force)`);
  else console.log(`Kept ${targetUrl}`);
  await admin.end();
}
process.exit(exitCode);
