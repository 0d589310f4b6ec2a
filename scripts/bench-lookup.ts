// `npm run bench:lookup`: how fast the palette's entity lookup answers on a large database.
//
//   npx tsx scripts/bench-lookup.ts [--scale 10] [--data-dir .tmp/bench-data] [--runs 50]
//
// Opens PGlite in <data-dir>/pglite (or PostgreSQL when DATABASE_URL is set) — the same database and seed marker
// as `npm run bench:api` — seeds the demo data at --scale when it was not seeded at that scale or more yet, then
// times GET /search-service/lookup in process (app.request: the server's own time) for each kind of query and
// prints p50/p95/max.
import { asc, isNotNull, sql } from 'drizzle-orm';
import { bookingResource } from '@domain/resources/bookings/booking';
import { chargerResource } from '@domain/resources/chargers/charger';
import { orderResource } from '@domain/resources/orders/order';
import { ticketResource } from '@domain/resources/tickets/ticket';
import { userResource } from '@domain/resources/users/user';
import { sessionPaths } from '@domain/session';
import { tableOf } from '@server/resources/resource-query';
import { machineLine, ms, openBenchApp, parseBenchArgs, percentile } from './bench-support';

async function main(): Promise<void> {
  const options = parseBenchArgs(process.argv.slice(2), { scale: 10, dataDir: '.tmp/bench-data', runs: 50, connections: 1, duration: 1 });
  const { app, headers, database } = await openBenchApp(options);
  console.log(`Machine: ${machineLine()}`);

  // Real values from the middle of each table (not the first rows, which caches would favour).
  const db = database.db;
  const middle = async (resource: typeof chargerResource, field: string) => {
    const table = tableOf(resource);
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(isNotNull(table[field]!));
    const rows = (await db.select({ v: table[field]! }).from(table).where(isNotNull(table[field]!)).orderBy(asc(table[resource.idField]!)).limit(1).offset(Math.floor(Number(counted?.n ?? 0) / 2))) as { v: unknown }[];
    return String(rows[0]?.v);
  };
  const device = await middle(chargerResource, 'deviceId');
  const uniqueId = await middle(chargerResource, 'uniqueId');
  const phone = await middle(userResource, 'mobileNumber');
  const ticket = await middle(ticketResource, 'id');
  const booking = await middle(bookingResource, 'id');
  const order = await middle(orderResource, 'orderNumber');
  const cases: [string, string][] = [
    ['device id (exact)', device],
    ['unique id (prefix)', uniqueId.slice(0, -2)],
    ['phone 98xxxxxxxx', phone],
    ['phone +91 98xxx xxxxx', `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`],
    ['phone 0 98xxxxxxxx', `0 ${phone}`],
    ['phone prefix (6 digits)', phone.slice(0, 6)],
    ['ticket number', ticket],
    ['ticket number (# scope)', `#${ticket}`],
    ['booking number', booking],
    ['booking number prefix', booking.slice(0, 4)],
    ['order number', order],
  ];
  console.log(`\nTiming ${options.runs} runs each (after 3 warm-ups), in process (server time):\n`);
  const rows: string[][] = [];
  // The floor every signed-in request pays (session check), for comparison.
  const floor: string[] = [];
  {
    const times: number[] = [];
    for (let i = 0; i < options.runs + 3; i += 1) {
      const started = performance.now();
      await (await app.request(sessionPaths.validate, { headers })).arrayBuffer();
      if (i >= 3) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    floor.push('(session check only)', sessionPaths.validate, '-', ms(percentile(times, 50)), ms(percentile(times, 95)), ms(times.at(-1)!));
  }
  rows.push(floor);
  for (const [label, q] of cases) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < options.runs + 3; i += 1) {
      const started = performance.now();
      const response = await app.request(`/search-service/lookup?q=${encodeURIComponent(q)}`, { headers });
      const body = (await response.json()) as { groups: { items: unknown[] }[] };
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${label}: answered ${response.status}`);
      found = body.groups.reduce((n, g) => n + g.items.length, 0);
      if (i >= 3) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    rows.push([label, q, String(found), ms(percentile(times, 50)), ms(percentile(times, 95)), ms(times.at(-1)!)]);
  }
  const header = ['query', 'q', 'items', 'p50', 'p95', 'max'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log([line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'));
  await database.close();
}

main().catch((error: unknown) => {
  console.error('The benchmark failed:', error);
  process.exit(1);
});
