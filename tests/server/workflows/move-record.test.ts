// Every machine-bound record moves one way (server/workflows/move-record.ts): a staff member's transition, a
// download's export job and a booking moved by a charger's message each write the same audit row (who, or no one for
// a job or a charger; from; to; the event; the reason), move the version on once, and the consoles hear of the move.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingResource } from '@domain/resources/bookings/booking';
import { downloadResource } from '@domain/resources/downloads/download';
import { LIVE_CHANNEL } from '@domain/live-event';
import { applyChargerEvent } from '@server/bookings/booking-transition';
import type { Database } from '@server/db/database';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { appJobHandlers } from '@server/jobs/app-jobs';
import { startJobWorkers, type JobWorkers } from '@server/jobs/job-worker';
import { liveEventsOf } from '@server/live/live-events';
import { createInProcessBus, type NotificationBus } from '@server/live/notification-bus';
import { announceRecordChanges } from '@server/live/record-changes';
import { moveRecord } from '@server/workflows/move-record';
import { bookingWorkflow } from '@machines/booking.workflow';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app';
import { createTestDatabase, testDrivers } from '../support/test-database';

type Row = Record<string, unknown>;
type Heard = { keys: unknown[][]; topic?: string; data?: Row };

/** The columns every move's audit row fills, as the audit log keeps them. */
interface AuditShape {
  actor_user_id: string | null;
  action: string;
  from_state: string;
  to_state: string;
  event: string;
  reason: string | null;
}

describe.each(testDrivers)('moving a record along its machine on %s', (driver) => {
  let database: OpenDatabase;
  let t: TestApp;
  let bus: NotificationBus;
  let workers: JobWorkers | undefined;
  let dataDir: string;
  const heard: Heard[] = [];
  const q = async <T extends Row>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  /** The audit rows of a record's moves by one event (audit ids are random: the event tells the rows apart). */
  const auditOf = async (entityType: string, id: number, event: string) =>
    q<AuditShape & Row>(sql`select actor_user_id, action, from_state, to_state, event, reason from audit_log where entity_type = ${entityType} and entity_id = ${String(id)} and event = ${event}`);
  const versionOf = async (table: 'bookings' | 'downloads', id: number) => Number((await q<{ version: number }>(sql`select version from ${sql.raw(table)} where id = ${id}`))[0]!.version);
  /** Waits for a live event naming the resource (record changes are gathered for LIVE_COALESCE_MS before they go). */
  const hear = async (resource: string, match: (event: Heard) => boolean = () => true): Promise<Heard> => {
    const deadline = Date.now() + 3_000;
    for (;;) {
      const found = heard.find((e) => e.keys.some((k) => k[0] === resource) && match(e));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no live event of ${resource}: heard ${JSON.stringify(heard)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** A booking put in `status` for the test (a seeded one, so its customer and tariff are real). */
  const bookingIn = async (status: string, skip: number) => {
    const [row] = await q<{ id: number }>(sql`select id from bookings where payment_mode = 'WALLET' order by id limit 1 offset ${skip}`);
    await q(sql`update bookings set status = ${status}, ended_at = null where id = ${row!.id}`);
    return Number(row!.id);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'czo-move-'));
    database = await createTestDatabase(driver);
    bus = createInProcessBus();
    bus.subscribe(LIVE_CHANNEL, (payload) => heard.push(...(liveEventsOf(payload) as Heard[])));
    t = createTestApp(database, { DATA_DIR: dataDir }, { bus });
  });
  afterAll(async () => {
    await workers?.stop();
    await bus.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the same audit row, moves the version on once and is heard live, whoever moves the record', async () => {
    // A staff member's transition (the transition route): the actor is the user.
    const staff = await signIn(t, '9000000001');
    const cancelled = await bookingIn('SCHEDULED', 0);
    const staffVersion = await versionOf('bookings', cancelled);
    heard.length = 0;
    const answer = await call(t, 'POST', `${bookingResource.apiPath}/${cancelled}/transition`, { authKey: staff.authKey, body: { type: 'CANCEL', reason: 'Customer asked to cancel', version: staffVersion } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await auditOf('bookings', cancelled, 'CANCEL')).toEqual([{ actor_user_id: staff.userId, action: 'transition', from_state: 'SCHEDULED', to_state: 'CANCELLED', event: 'CANCEL', reason: 'Customer asked to cancel' }]);
    expect(await versionOf('bookings', cancelled)).toBe(staffVersion + 1);
    await hear(bookingResource.name);

    // A charger's message (a StopTransaction's COMPLETE, in the caller's transaction): no actor. Moved inside a
    // request, as the booking's live actions do, its audit row's note is announced once the request answered.
    const completed = await bookingIn('CHARGING', 1);
    const chargerVersion = await versionOf('bookings', completed);
    const viaRequest = new Hono();
    viaRequest.use('*', announceRecordChanges(bus, (error) => { throw error; }));
    viaRequest.post('/stop', async (c) => {
      const to = await database.db.transaction((tx) => applyChargerEvent(tx as unknown as Database, completed, { type: 'COMPLETE' }, { endedAt: new Date().toISOString(), energyWh: 3_500, amountFromEnergy: true }, 'OCPP StopTransaction (Local), meter 3500 Wh', new Date()));
      return c.json({ to });
    });
    heard.length = 0;
    expect(await (await viaRequest.request('/stop', { method: 'POST' })).json()).toEqual({ to: 'COMPLETED' });
    expect(await auditOf('bookings', completed, 'COMPLETE')).toEqual([{ actor_user_id: null, action: 'transition', from_state: 'CHARGING', to_state: 'COMPLETED', event: 'COMPLETE', reason: 'OCPP StopTransaction (Local), meter 3500 Wh' }]);
    expect(await versionOf('bookings', completed)).toBe(chargerVersion + 1);
    const [charged] = await q<{ energy_wh: number; amount: number; ended_at: unknown; load_limit_a: unknown }>(sql`select energy_wh, amount, ended_at, load_limit_a from bookings where id = ${completed}`);
    expect(charged).toMatchObject({ load_limit_a: null });
    expect(Number(charged!.energy_wh)).toBe(3_500);
    expect(charged!.ended_at).not.toBeNull();
    await hear(bookingResource.name);

    // A download's export job: no actor, every move of the job (START, FINISH) audited and announced once committed.
    const finance = await signIn(t, '9000000004');
    const created = await call(t, 'POST', downloadResource.apiPath, { authKey: finance.authKey, body: { resource: 'payouts', format: 'CSV' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const download = created.body.id as number;
    const queuedVersion = await versionOf('downloads', download);
    heard.length = 0;
    workers = startJobWorkers({ db: database.db, handlers: appJobHandlers({ db: database.db, config: t.config, bus }), count: 1, pollMs: 50, now: t.clock.now, logger: { info: () => {}, warn: () => {}, error: () => {} } });
    await workers.drain();
    expect(await auditOf('downloads', download, 'START')).toEqual([{ actor_user_id: null, action: 'transition', from_state: 'QUEUED', to_state: 'RUNNING', event: 'START', reason: null }]);
    expect(await auditOf('downloads', download, 'FINISH')).toEqual([{ actor_user_id: null, action: 'transition', from_state: 'RUNNING', to_state: 'READY', event: 'FINISH', reason: null }]);
    expect(await versionOf('downloads', download)).toBe(queuedVersion + 2);
    expect((await hear(downloadResource.name, (e) => e.data?.status === 'READY')).data).toMatchObject({ id: download, status: 'READY', requestedBy: finance.userId });
  });

  it('refuses, writing nothing, an event the stored state does not accept and a move whose version is stale', async () => {
    const ended = await bookingIn('COMPLETED', 2);
    const scheduled = await bookingIn('SCHEDULED', 3);
    const state = async () => ({
      audit: (await q(sql`select 1 from audit_log where entity_type = 'bookings' and entity_id in (${String(ended)}, ${String(scheduled)})`)).length,
      rows: await q(sql`select id, status, version, energy_wh, amount from bookings where id in (${ended}, ${scheduled}) order by id`),
    });
    const before = await state();
    // A StopTransaction for a booking already ended: the machine refuses, the record stays as it is.
    expect(await database.db.transaction((tx) => applyChargerEvent(tx as unknown as Database, ended, { type: 'COMPLETE' }, { energyWh: 9_999, amountFromEnergy: true }, 'late stop', new Date()))).toBeNull();
    const stale = await moveRecord(database.db, { workflow: bookingWorkflow, id: scheduled, event: { type: 'CANCEL', reason: 'stale' }, actor: null, version: (await versionOf('bookings', scheduled)) - 1 }, new Date());
    expect(stale).toMatchObject({ moved: false, why: 'stale' });
    expect(await moveRecord(database.db, { workflow: bookingWorkflow, id: 99_999_999, event: { type: 'CANCEL', reason: 'none' }, actor: null }, new Date())).toEqual({ moved: false, why: 'missing' });
    expect(await state()).toEqual(before);
  });
});
