// Memory of a CSV export of every booking, in process (no server, no other requests): its time, and the process's
// RSS, heap and external memory at the start and at their highest (sampled every 50 ms).
//
//   npx tsx scripts/profile-export.ts [batch rows, default 4000] [fields, comma-separated] [row limit]
//
// DATABASE_URL=… for PostgreSQL, DATA_DIR=… for a PGlite folder (the scale-10 benchmark data: .tmp/bench-data).
// GC_EVERY=200000 with `node --expose-gc --import tsx` collects garbage every so many rows and prints the live heap;
// EXPORT_HEAP=0 exports without the export heap setting (server/downloads/export-heap.ts), as before it.
import { resourceByName } from '@domain/resource/registry';
import { listQuerySchema } from '@domain/resource/list-query';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/open-database';
import { withExportHeap } from '@server/downloads/export-heap';
import { exportChunks } from '@server/downloads/export-rows';
import { createCsvWriter } from '@server/downloads/export-file';

const batch = Number(process.argv[2] ?? 4000);
const fields = (process.argv[3] ?? 'id,chargerId,userPhone,startedAt,energyWh,amount,status,paymentMode,cityId').split(',');
const limit = Number(process.argv[4] ?? Infinity);
const gcEvery = Number(process.env.GC_EVERY ?? 0);
const gc = (globalThis as unknown as { gc?: () => void }).gc;
if (gcEvery && !gc) throw new Error('GC_EVERY needs node --expose-gc');

const database = await openDatabase(loadConfig(), { migrate: false });
const resource = resourceByName('bookings');
const query = listQuerySchema(resource).parse({});
const mb = (bytes: number) => bytes / 1048576;
const mem = () => {
  const m = process.memoryUsage();
  return { rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external) };
};
const start = mem();
const peak = { ...start };
const sampler = setInterval(() => {
  const m = mem();
  for (const k of Object.keys(m) as (keyof typeof m)[]) peak[k] = Math.max(peak[k], m[k]);
}, 50);
const file = `${process.env.TMPDIR ?? '/tmp'}/profile-export-${process.pid}.csv`;
const writer = createCsvWriter(file, fields.map((f) => ({ header: f })));
const started = performance.now();
let rows = 0;
const run = async () => {
  for await (const chunk of exportChunks(database.db, { resource, query, extra: [] }, { batchSize: batch, fields, format: 'csv' })) {
    await writer.write(chunk);
    rows += chunk.count;
    if (gcEvery && gc && rows % gcEvery < chunk.count) {
      gc();
      console.log(`at ${rows} rows, after a full collection: heap ${mb(process.memoryUsage().heapUsed).toFixed(1)} MB, RSS ${mb(process.memoryUsage().rss).toFixed(0)} MB`);
    }
    if (rows >= limit) break;
  }
};
await (process.env.EXPORT_HEAP === '0' ? run() : withExportHeap(run));
await writer.finish();
clearInterval(sampler);
const show = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
console.log(`batches of ${batch} rows, ${fields.length} fields: ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`  MB at the start: ${show(start)}; at most: ${show(peak)}; RSS growth ${(peak.rss - start.rss).toFixed(0)} MB`);
const { rm } = await import('node:fs/promises');
await rm(file, { force: true });
await database.close();
process.exit(0);
