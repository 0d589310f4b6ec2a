// GET /metrics and the health routes from outside: the metrics need their own token (404 without one set, 401 for
// anyone else, staff keys included), count requests by route pattern (never by path), and carry the job queue and the
// live channel; readiness says what is not ready. The central system's metrics count a charger's frames by action and
// direction, the chargers it holds, and a command's round trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createAppMetrics } from '@server/metrics/app-metrics';
import { createHealthChecks } from '@server/metrics/health-checks';
import { createLogSmsProvider } from '@server/sms/log-sms-provider';
import type { OpenDatabase } from '@server/db/open-database';
import { ocppPaths } from '@domain/ocpp';
import { openLiveCharger, quiet, until, type LiveCharger } from '../support/live-charger';
import { call, signIn } from '../support/test-app';
import { createTestDatabase, ruleDrivers, testDrivers } from '../support/test-database';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The value of one series in a Prometheus text exposition (the first line whose name and labels match). */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe.each(ruleDrivers)('metrics and health on %s', (driver) => {
  let database: OpenDatabase;
  let ready = true;
  const build = (env: Record<string, string>) => {
    const config = loadConfig({ APP_ENV: 'test', OTP_PEPPER: 'test-pepper-test-pepper-test-pepper-42', ...env });
    const health = createHealthChecks();
    health.add('ocpp', () => ready);
    return createApp({ config, db: database.db, driver: database.driver, sms: createLogSmsProvider(() => {}), logger: quiet, metrics: createAppMetrics({ defaults: false }), health }).app;
  };
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  }, 60_000);
  afterAll(() => database?.close());

  it('answers 404 without a token set, 401 to a wrong or missing token, and the metrics to the token', async () => {
    const plain = build({});
    expect((await call({ app: plain }, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    const app = build({ METRICS_TOKEN: TOKEN });
    expect((await call({ app }, 'GET', '/metrics')).status).toBe(401);
    expect((await call({ app }, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await call({ app }, 'GET', '/metrics', { headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401);
    const ok = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
    const text = await ok.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(seriesValue(text, 'job_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'live_channel_subscribers')).toBe(0);
  });

  it('counts requests by route pattern and status, never by path', async () => {
    const app = build({ METRICS_TOKEN: TOKEN });
    for (const id of [101, 202, 303]) await app.request(`/charger-service/admin/charger/${id}`);
    await app.request('/no/such/route/at/all');
    const text = await (await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(seriesValue(text, 'http_requests_total', { route: '/charger-service/admin/charger/:id', status: '401' })).toBe(3);
    expect(text).not.toContain('/charger-service/admin/charger/101');
    expect(text).not.toContain('/no/such/route');
    expect(seriesValue(text, 'http_request_duration_seconds_count', { route: '/charger-service/admin/charger/:id' })).toBe(3);
  });

  it('is live while the process answers, ready only when the database answers and every part is ready', async () => {
    const app = build({});
    expect((await call({ app }, 'GET', '/health/live')).body).toEqual({ status: 'alive' });
    ready = true;
    const yes = await call({ app }, 'GET', '/health/ready');
    expect(yes.status).toBe(200);
    expect(yes.body).toEqual({ status: 'ready', database: driver });
    ready = false;
    const no = await call({ app }, 'GET', '/health/ready');
    expect(no.status).toBe(503);
    expect(no.body.detail).toBe('Not ready: ocpp.');
    expect(no.headers.get('retry-after')).toBe('5');
    ready = true;
  });
});

describe.each(testDrivers)('the central system’s metrics on %s', (driver) => {
  let live: LiveCharger;
  beforeAll(async () => {
    live = await openLiveCharger(driver);
  }, 60_000);
  afterAll(() => live?.close());

  it('count the charger’s frames by direction and action, the chargers held and a command’s round trip', async () => {
    const text = await until(
      () => live.central.metrics(),
      // The answer goes out once the call's row is in the message log: wait for both.
      (t) =>
        (seriesValue(t, 'ocpp_messages_total', { direction: 'IN', type: 'CALL', action: 'BootNotification' }) ?? 0) >= 1 &&
        (seriesValue(t, 'ocpp_messages_total', { direction: 'OUT', type: 'RESULT', action: 'BootNotification' }) ?? 0) >= 1,
    );
    expect(seriesValue(text, 'ocpp_chargers_connected')).toBe(1);
    // The boot's answer time: observed once per call answered, within the call's 30 s.
    expect(seriesValue(text, 'ocpp_call_answer_seconds_count', { action: 'BootNotification' })).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'ocpp_call_answer_seconds_bucket', { action: 'BootNotification', le: '30' })).toBe(seriesValue(text, 'ocpp_call_answer_seconds_count', { action: 'BootNotification' }));
    expect(seriesValue(text, 'ocpp_messages_total', { direction: 'OUT', type: 'RESULT', action: 'BootNotification' })).toBeGreaterThanOrEqual(1);
    const admin = (await signIn(live.t, '9000000001')).authKey;
    const sent = await call(live.t, 'POST', ocppPaths.command, { authKey: admin, body: { chargerIds: [live.chargerId], command: { action: 'GetConfiguration', payload: {} }, wait: true } });
    expect(sent.status).toBe(200);
    expect(sent.body.items[0].status).toBe('accepted');
    const after = await until(
      () => live.central.metrics(),
      (t) => (seriesValue(t, 'ocpp_command_round_trip_seconds_count', { action: 'GetConfiguration', result: 'accepted' }) ?? 0) === 1,
    );
    expect(seriesValue(after, 'ocpp_command_round_trip_seconds_count', { action: 'GetConfiguration', result: 'accepted' })).toBe(1);
    expect(seriesValue(after, 'ocpp_batch_backlog_rows', { writer: 'message-log' })).toBeGreaterThanOrEqual(0);
    await live.central.flushLog();
    const flushed = await live.central.metrics();
    expect(seriesValue(flushed, 'ocpp_batch_rows_written_total', { writer: 'message-log' })).toBeGreaterThan(0);
  }, 60_000);
});
