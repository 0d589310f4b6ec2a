// A stopping process drains: once its drain starts, a new request is refused with 503, Retry-After and Connection:
// close (a balancer or the console retries on another process), liveness still answers, readiness does not, and an
// open live-channel stream ends without an end event (the console reconnects instead of showing the stream closed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import type { OpenDatabase } from '@server/db/open-database';
import { createDrain } from '@server/http/drain';
import { LIVE_EVENTS_PATH } from '@domain/live-event';
import { createLogSmsProvider } from '@server/sms/log-sms-provider';
import { quiet } from './support/live-charger';
import { call, signIn, type TestApp } from './support/test-app';
import { createTestDatabase, ruleDrivers } from './support/test-database';

describe.each(ruleDrivers)('a draining process on %s', (driver) => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  }, 60_000);
  afterAll(() => database?.close());

  it('refuses new requests, keeps answering liveness and ends its live streams without an end event', async () => {
    const smsLines: string[] = [];
    const config = loadConfig({ APP_ENV: 'test', OTP_PEPPER: 'test-pepper-test-pepper-test-pepper-42', SESSION_CACHE_SECONDS: '0' });
    const drain = createDrain();
    const { app, registry } = createApp({ config, db: database.db, driver: database.driver, sms: createLogSmsProvider((line) => void smsLines.push(line)), logger: quiet, drain });
    const t = {
      app,
      registry,
      config,
      smsLines,
      lastCode: (n: string) => [...smsLines].reverse().map((l) => new RegExp(`^\\[sms:log\\] OTP ${n} (\\d{6})\\n$`).exec(l)?.[1]).find(Boolean),
    } as unknown as TestApp;
    const admin = (await signIn(t, '9000000001')).authKey;
    expect((await call(t, 'GET', '/health/ready')).status).toBe(200);

    const stream = await app.request(LIVE_EVENTS_PATH, { headers: { authorization: `Bearer ${admin}` } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain('event: ready');

    drain.start();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(text).not.toContain('event: end');

    const refused = await call(t, 'GET', '/charger-service/admin/charger?size=1', { authKey: admin });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.detail).toBe('This server process is restarting. Try again: another process answers.');
    expect((await call(t, 'GET', '/health/ready')).status).toBe(503);
    expect((await call(t, 'GET', '/health/live')).status).toBe(200);
  });
});
