// `npm run bench:ocpp -- [--chargers 500] [--seconds 60] [--meter-seconds 10] [--data-dir .tmp/bench-ocpp]`
// N simulated OCPP chargers (the simulator's real client, real WebSockets) on one server process (PGlite, or
// PostgreSQL with DATABASE_URL): they boot, report status, heartbeat, a tenth of them charge (MeterValues every
// --meter-seconds), and commands go to random chargers while the bookings list is timed. Prints messages stored
// and lost, the process RSS (server and simulators share this process), event-loop delay, command round trip p95
// and the bookings list p95 with and without the chargers.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { sessionPaths } from '@domain/session';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/open-database';
import { createInProcessBus, createPostgresBus } from '@server/live/notification-bus';
import { createCentralSystem } from '@server/ocpp/central-system';
import { hashChargerPassword } from '@server/ocpp/charger-password';
import { SimulatedCharger } from '@server/ocpp/simulator';
import { runSeed } from '@server/seed/run-seed';
import { DEV_CHARGER_PASSWORD } from '@server/seed/seed-ocpp';
import { rowsOf } from '@server/seed/seed-sql';
import { createLogSmsProvider } from '@server/sms/log-sms-provider';

const { values } = parseArgs({
  options: {
    chargers: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
    'meter-seconds': { type: 'string', default: '10' },
    'data-dir': { type: 'string', default: '.tmp/bench-ocpp' },
  },
});
const N = Number(values.chargers);
const seconds = Number(values.seconds);
const meterSeconds = Number(values['meter-seconds']);
const pct = (list: number[], p: number) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
const mb = (n: number) => `${Math.round(n / 1_048_576)} MB`;

const config = loadConfig({ ...process.env, DATA_DIR: values['data-dir'], APP_ENV: 'development', OTP_SENDS_PER_NUMBER: '100000', OTP_SENDS_PER_CLIENT: '100000', OTP_RESEND_AFTER_SECONDS: '0' });
mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase(config);
const marker = path.join(config.dataDir, 'bench-ocpp-seeded');
if (!existsSync(marker) || config.databaseUrl) {
  const [row] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from roles`));
  if (!row?.n) {
    console.log('Seeding a small demo database (scale 0.02)…');
    await runSeed(database.db, { scale: 0.02 });
  }
  writeFileSync(marker, 'yes');
}
// Enough OCPP chargers with the development password: seeded ones plus bench chargers.
const [{ n: have } = { n: 0 }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null`));
if (have < N) {
  const [cpo] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from charge_point_operators order by is_own_network desc limit 1`));
  await database.db.execute(sql`
    insert into chargers (unique_id, charger_type, charger_box_id, charge_point_operator_id, sockets, connectivity_status, usage_type, is_active)
    select 'BENCH' || lpad(g::text, 6, '0'), 'OCPP_16_JSON_CHARGER', 'BENCH-OCPP-' || lpad(g::text, 6, '0'), ${cpo!.id}::uuid,
      '[{"code":"CCS_2","displayText":"CCS 2","value":30}]'::jsonb, 'OFFLINE', 'PUBLIC', true
    from generate_series(1, ${N - have}) g on conflict do nothing`);
}
const hash = await hashChargerPassword(DEV_CHARGER_PASSWORD);
await database.db.execute(sql`
  insert into ocpp_charge_points (charger_id, password_hash) select id, ${hash} from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and charger_box_id is not null
  on conflict (charger_id) do update set password_hash = excluded.password_hash`);
const boxes = rowsOf<{ id: number; charger_box_id: string }>(
  await database.db.execute(sql`select id, charger_box_id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null order by id limit ${N}`),
);
const [{ before: messagesBefore } = { before: 0 }] = rowsOf<{ before: number }>(await database.db.execute(sql`select count(*)::int as before from ocpp_messages`));

const bus = config.databaseUrl ? createPostgresBus({ connectionString: config.databaseUrl, db: database.db }) : createInProcessBus();
const smsLines: string[] = [];
const quiet = { info: () => {}, warn: () => {}, error: (...a: unknown[]) => console.error(...a) };
const { app } = createApp({ config, db: database.db, driver: database.driver, sms: createLogSmsProvider((l) => void smsLines.push(l)), logger: quiet, bus });
const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
});
const central = createCentralSystem({ db: database.db, bus, logger: quiet, callTimeoutMs: 10_000 });
server.on('upgrade', (req, socket, head) => central.handleUpgrade(req, socket, head));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// Sign in (the log SMS provider hands the code back).
const json = { 'content-type': 'application/json' };
await fetch(`${base}${sessionPaths.sendOtp}`, { method: 'POST', headers: json, body: JSON.stringify({ mobileNumber: '9000000001' }) });
const otp = /OTP \d+ (\d{6})/.exec(smsLines.at(-1) ?? '')?.[1];
const verified = (await (await fetch(`${base}${sessionPaths.verifyOtp}`, { method: 'POST', headers: json, body: JSON.stringify({ mobileNumber: '9000000001', otp }) })).json()) as { authKey: string };
const auth = { authorization: `Bearer ${verified.authKey}`, ...json };

async function bookingsP95(runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = await fetch(`${base}/booking-service/admin/booking?page=0&size=20`, { headers: auth });
    await r.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return pct(times, 95);
}

console.log(`bench:ocpp: ${N} chargers, ${seconds} s of load, MeterValues every ${meterSeconds} s while charging, ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
await bookingsP95(10);
const bookingsIdle = await bookingsP95(50);

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const started = performance.now();
const sims = boxes.map((b) => new SimulatedCharger({ url: `${base.replace('http', 'ws')}/ocpp`, identity: b.charger_box_id, password: DEV_CHARGER_PASSWORD, meterIntervalSeconds: meterSeconds, powerKw: 30 }));
for (let i = 0; i < sims.length; i += 100) await Promise.all(sims.slice(i, i + 100).map((s) => s.start().catch(() => {})));
const connectSeconds = (performance.now() - started) / 1000;
console.log(`connected ${sims.filter((s) => s.online).length} of ${N} in ${connectSeconds.toFixed(1)} s`);

// A tenth of the chargers charge (RemoteStart from the console), timed as command round trips.
const roundTrips: number[] = [];
async function command(chargerId: number, body: unknown) {
  const t0 = performance.now();
  const r = await fetch(`${base}/ccu/charger-command`, { method: 'POST', headers: auth, body: JSON.stringify({ chargerIds: [chargerId], command: body, wait: true }) });
  const answer = (await r.json()) as { items?: { status: string }[] };
  roundTrips.push(performance.now() - t0);
  return answer.items?.[0]?.status;
}
const charging = boxes.filter((_, i) => i % 10 === 0);
for (const b of charging) await command(b.id, { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: `CZOTEST${String(b.id).slice(-8)}` } });

const loadEnd = Date.now() + seconds * 1000;
const bookingsLoaded: number[] = [];
let statuses = 0;
while (Date.now() < loadEnd) {
  const b = boxes[Math.floor(Math.random() * boxes.length)]!;
  await command(b.id, { action: 'GetConfiguration', payload: {} });
  bookingsLoaded.push(await bookingsP95(5));
  const s = sims[Math.floor(Math.random() * sims.length)]!;
  if (s.online && s.connectors[0]!.status === 'Available') {
    statuses += 1;
    await s.fault(1, 'OverCurrentFailure');
    await s.recover(1);
  }
  await new Promise((r) => setTimeout(r, 200));
}
const bookingsUnderLoad = await bookingsP95(50);
loop.disable();

const sent = sims.reduce((a, s) => a + s.counters.sent, 0);
const failed = sims.reduce((a, s) => a + s.counters.failed, 0);
const rss = process.memoryUsage().rss;
await Promise.all(sims.map((s) => s.stop()));
await central.flushLog();
await new Promise((r) => setTimeout(r, 500));
await central.flushLog();
const stats = central.stats();
const [{ n: inCalls } = { n: 0 }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ocpp_messages where direction = 'IN' and message_type = 'CALL' and id > 0`));
const [{ n: after } = { n: 0 }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ocpp_messages`));

console.log('');
console.log(`messages stored:              ${after - messagesBefore} (log writer: ${stats.stored} stored, ${stats.lost} lost, ${stats.pending} pending)`);
console.log(`charger calls sent / answered: ${sent} / ${sent - failed} (${failed} failed); inbound CALL rows in the log: ${inCalls}`);
console.log(`status changes (fault + recover): ${statuses} chargers; sessions started: ${charging.length}`);
console.log(`process RSS (server + ${N} simulated chargers): ${mb(rss)}`);
console.log(`event-loop delay: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`);
console.log(`command round trip (POST → charger answer recorded), ${roundTrips.length} commands: p50 ${pct(roundTrips, 50).toFixed(1)} ms, p95 ${pct(roundTrips, 95).toFixed(1)} ms`);
console.log(`bookings list p95: ${bookingsIdle.toFixed(1)} ms with no chargers, ${bookingsUnderLoad.toFixed(1)} ms under load (${(bookingsUnderLoad / bookingsIdle).toFixed(2)}×)`);

await central.close();
await new Promise<void>((r) => {
  server.close(() => r());
  server.closeAllConnections?.();
});
await bus.close();
await database.close();
process.exit(0);
