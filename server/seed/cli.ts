// `npm run seed`: applies migrations and seeds the demo data into the configured database (idempotent).
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/open-database';
import { runSeed } from './run-seed';

const config = loadConfig();
if (config.appEnv === 'production') {
  console.error('Refusing to seed demo staff into a production database.');
  process.exit(1);
}
const database = await openDatabase(config);
try {
  console.log(`Seeding the ${database.driver === 'pglite' ? `PGlite database in ${config.dataDir}` : 'PostgreSQL database'}…`);
  await runSeed(database.db, { log: (line) => console.log(line) });
  console.log('Seed complete.');
} finally {
  await database.close();
}
