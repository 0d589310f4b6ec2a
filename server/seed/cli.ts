// `npm run seed`: applies migrations and seeds the demo data into the configured database (idempotent).
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/open-database';
import { runSeed } from './run-seed';

// `npm run seed -- --scale N`: N times the demo size (10 for benchmarks: a million bookings).
const scaleFlag = process.argv.indexOf('--scale');
const scale = scaleFlag >= 0 ? Number(process.argv[scaleFlag + 1]) : 1;
if (!Number.isFinite(scale) || scale <= 0 || scale > 100) {
  console.error('--scale takes a number above 0 and at most 100.');
  process.exit(1);
}
const config = loadConfig();
if (config.appEnv === 'production') {
  console.error('Refusing to seed demo staff into a production database.');
  process.exit(1);
}
const database = await openDatabase(config);
try {
  console.log(`Seeding (scale ${scale}) the ${database.driver === 'pglite' ? `PGlite database in ${config.dataDir}` : 'PostgreSQL database'}…`);
  await runSeed(database.db, { scale, log: (line) => console.log(line) });
  console.log('Seed complete.');
} finally {
  await database.close();
}
