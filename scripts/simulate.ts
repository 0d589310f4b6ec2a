// `npm run simulate -- --chargers N [--url http://127.0.0.1:3000] [--meter-seconds 10] [--autopilot]`: connects N
// simulated OCPP 1.6-J chargers (the seeded OCPP chargers, with the demo chargers' password DEV_CHARGER_PASSWORD,
// as the seed gave it) to a running server.
import { parseArgs } from 'node:util';
import { startFleet } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';

const { values } = parseArgs({
  options: {
    chargers: { type: 'string', default: '10' },
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? '3000'}` },
    'meter-seconds': { type: 'string', default: '10' },
    password: { type: 'string', default: DEV_CHARGER_PASSWORD },
    autopilot: { type: 'boolean', default: true },
    quiet: { type: 'boolean', default: false },
  },
});

const count = Number(values.chargers);
if (!Number.isInteger(count) || count < 1) {
  console.error('--chargers must be a whole number of at least 1');
  process.exit(1);
}
const base = values.url.replace(/\/$/, '');
const listed = await fetch(`${base}/ocpp/dev/simulator-chargers?limit=${count}`).catch((error: unknown) => {
  console.error(`Cannot reach ${base}: ${(error as Error).message}. Start the server first (npm start).`);
  process.exit(1);
});
if (!listed.ok) {
  console.error(`${base} answered ${listed.status} for the list of chargers to simulate (is it a production server?).`);
  process.exit(1);
}
const { items } = (await listed.json()) as { items: { identity: string; connectors: number; powerKw: number }[] };
const fleet = await startFleet({
  url: `${base.replace(/^http/, 'ws')}/ocpp`,
  chargers: items.map((c) => ({ ...c, password: values.password })),
  meterIntervalSeconds: Number(values['meter-seconds']),
  autopilot: values.autopilot ? { idTags: [], everySeconds: 15 } : undefined,
  log: values.quiet ? undefined : (line) => console.log(line),
});
console.log(`${fleet.connected()} of ${items.length} simulated chargers connected to ${base}/ocpp. Ctrl+C stops them.`);
const stop = async () => {
  await fleet.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
