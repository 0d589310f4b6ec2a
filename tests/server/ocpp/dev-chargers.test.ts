// A server outside production connects simulated chargers to itself (SIMULATED_CHARGERS) from its development entry,
// and they log in with the demo chargers' password the seed gave them: one setting, DEV_CHARGER_PASSWORD, read by
// both. An embedded database in memory, seeded small, so the test needs no running database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { startServer, type RunningServer } from '@server/start-server';
import { until } from '../support/live-charger';

describe('the development chargers', () => {
  let server: RunningServer;
  const lines: string[] = [];

  beforeAll(async () => {
    // Read from the environment when the server starts (ocpp-runtime.ts ocppEnv), as `npm start` reads it.
    process.env.SIMULATED_CHARGERS = '2';
    const config = loadConfig({
      APP_ENV: 'development',
      DATABASE_IN_MEMORY: 'true',
      HOST: '127.0.0.1',
      JOB_WORKERS: '0',
      SEED_SCALE: '0.01',
      // Not the default: the seed and the simulated chargers must both take it from the setting.
      DEV_CHARGER_PASSWORD: 'another-dev-charger-pass',
    });
    server = await startServer({ ...config, port: 0 }, { serveConsole: false, log: (line) => lines.push(line) });
  }, 120_000);
  afterAll(async () => {
    delete process.env.SIMULATED_CHARGERS;
    await server?.close();
  });

  it('connects SIMULATED_CHARGERS chargers with the password DEV_CHARGER_PASSWORD gave the seeded ones', async () => {
    const stats = await until(() => server.ocppStats(), (s) => s.connected === 2, 20_000);
    expect(stats.connected).toBe(2);
    expect(lines.some((line) => line.startsWith('Simulated OCPP chargers: 2 of 2 connected'))).toBe(true);
  });
});
