// Bulk runs are kept: a bulk request records who ran it, on which list, the action in words and its counts, and one
// row per record with its result and the reason it was refused, which the results page reads back a page at a time
// (by result, by text in the label). Only the user who ran it and users holding the resource's view permission may
// read a run; housekeeping deletes runs past their retention.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BULK_RUNS_PATH } from '@domain/bulk-runs';
import { resourceByName } from '@domain/resource/registry';
import { rowsOf } from '@server/db/rows';
import { bulkRuns } from '@server/db/tables/bulk-runs';
import { HOUSEKEEPING, housekeepingHandlers } from '@server/jobs/housekeeping';
import type { JobContext } from '@server/jobs/job-worker';
import { call } from '@tests/server/support/test-app';
import { testDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';
import { insertTicket } from '../tickets/ticket-fixtures';

type Row = Record<string, unknown>;
const SUPPORT = 'customer-support-tickets';
const bulkOf = (name: string) => `${resourceByName(name).apiPath}/bulk-transition`;
const DAY = 24 * 60 * 60_000;

describe.each(testDrivers)('bulk runs on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let support: string;
  let technician: string;
  /** The run of a Start work on two open tickets, a resolved one and an id that does not exist. */
  let run: { id: number; answer: Row; tickets: Row[] };

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    support = (await env.signInAs('9000000005')).authKey;
    technician = (await env.signInAs('9000000003')).authKey;
    const a = await insertTicket(env, admin, SUPPORT, { title: `Kept run first ${driver}` });
    const b = await insertTicket(env, admin, SUPPORT, { title: `Kept run second ${driver}` });
    const resolved = await insertTicket(env, admin, SUPPORT, { title: `Kept run resolved ${driver}`, status: 'RESOLVED' });
    const res = await call(env.t, 'POST', bulkOf(SUPPORT), { authKey: admin, body: { ids: [a.id, resolved.id, 99_999_999, b.id], event: { type: 'START_WORK' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    run = { id: res.body.runId as number, answer: res.body as Row, tickets: [a, resolved, b] };
  });

  it('keeps a bulk transition as a run whose counts and items match its answer, each record with its label and result', async () => {
    const [a, resolved, b] = run.tickets as [Row, Row, Row];
    expect(run.answer).toMatchObject({ changed: 2, unchanged: 0, refused: [{ id: String(resolved.id) }, { id: '99999999' }] });
    const got = await call(env.t, 'GET', `${BULK_RUNS_PATH}/${run.id}`, { authKey: admin });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.body).toMatchObject({ id: run.id, resource: SUPPORT, action: 'Start work', userName: 'Aarav Sharma', total: 4, changed: 2, unchanged: 0, refused: 2 });
    expect(got.body.finishedAt).not.toBeNull();
    const items = await call(env.t, 'GET', `${BULK_RUNS_PATH}/${run.id}/items`, { authKey: admin });
    expect(items.status, JSON.stringify(items.body)).toBe(200);
    const refused = run.answer.refused as { id: string; reason: string }[];
    expect(items.body).toEqual({
      count: 4,
      page: 0,
      size: 50,
      items: [
        { position: 0, recordId: String(a.id), label: a.title, result: 'changed', reason: null },
        { position: 1, recordId: String(resolved.id), label: resolved.title, result: 'refused', reason: refused[0]!.reason },
        { position: 2, recordId: '99999999', label: null, result: 'refused', reason: refused[1]!.reason },
        { position: 3, recordId: String(b.id), label: b.title, result: 'changed', reason: null },
      ],
    });
    expect(refused[0]!.reason).toBe('This customer support ticket is Resolved: Start work is not possible now.');
  });

  it('filters a run by result and by text in the label, a page at a time', async () => {
    const page = (query: string) => call(env.t, 'GET', `${BULK_RUNS_PATH}/${run.id}/items?${query}`, { authKey: admin });
    const refused = await page('result=refused');
    expect(refused.body.count).toBe(2);
    expect((refused.body.items as Row[]).map((i) => i.result)).toEqual(['refused', 'refused']);
    const second = await page('result=changed&size=1&page=1');
    expect(second.body).toMatchObject({ count: 2, page: 1, size: 1, items: [{ position: 3 }] });
    const found = await page(`q=${encodeURIComponent('run resolved')}`);
    expect((found.body.items as Row[]).map((i) => i.position)).toEqual([1]);
    const byId = await page('q=99999999');
    expect((byId.body.items as Row[]).map((i) => i.position)).toEqual([2]);
    // Wildcards are taken as typed.
    expect((await page(`q=${encodeURIComponent('%')}`)).body.count).toBe(0);
    expect((await page('result=lost')).status).toBe(400);
    expect((await page('size=1001')).status).toBe(400);
  });

  it("lets the user who ran it and a holder of the list's view permission read it; another role gets a 404 and does not list it", async () => {
    // Customer support holds the customer support tickets' view permission: they may see every such ticket anyway.
    expect((await call(env.t, 'GET', `${BULK_RUNS_PATH}/${run.id}/items`, { authKey: support })).status).toBe(200);
    for (const path of [`${BULK_RUNS_PATH}/${run.id}`, `${BULK_RUNS_PATH}/${run.id}/items?result=refused`]) {
      const res = await call(env.t, 'GET', path, { authKey: technician });
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.detail).toBe(`No bulk run you can see has the id ${run.id}.`);
      expect(JSON.stringify(res.body)).not.toContain('Kept run');
    }
    const theirs = await call(env.t, 'GET', BULK_RUNS_PATH, { authKey: technician });
    expect((theirs.body.items as Row[]).map((r) => r.id)).not.toContain(run.id);
    expect((await call(env.t, 'GET', `${BULK_RUNS_PATH}/abc`, { authKey: admin })).status).toBe(404);
    expect((await call(env.t, 'GET', `${BULK_RUNS_PATH}/${run.id}`)).status).toBe(401);
  });

  it("lists the user's own runs latest first, an activate and a ticket action each with its action in words", async () => {
    const vendors = resourceByName('vendors');
    const listed = await call(env.t, 'GET', `${vendors.apiPath}?size=1`, { authKey: admin });
    const vendorId = (listed.body.items as Row[])[0]![vendors.idField];
    const activate = await call(env.t, 'POST', `${vendors.apiPath}/bulk-activate-inactivate`, { authKey: admin, body: { ids: [vendorId], active: true } });
    expect(activate.status, JSON.stringify(activate.body)).toBe(200);
    const ticket = await insertTicket(env, admin, SUPPORT);
    const assigned = await call(env.t, 'POST', '/ticket-service/admin/ticket-bulk/priority', { authKey: admin, body: { ids: [ticket.id], priority: 'URGENT' } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const mine = await call(env.t, 'GET', `${BULK_RUNS_PATH}?size=3`, { authKey: admin });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect((mine.body.items as Row[]).map((r) => [r.id, r.resource, r.action])).toEqual([
      [assigned.body.runId, 'tickets', 'Priority: Urgent'],
      [activate.body.runId, 'vendors', 'Activate'],
      [run.id, SUPPORT, 'Start work'],
    ]);
  });

  it('sweeps the runs older than the retention setting with their records, and keeps the newer ones', async () => {
    const old = await call(env.t, 'POST', bulkOf(SUPPORT), { authKey: admin, body: { ids: [99_999_998], event: { type: 'START_WORK' } } });
    const oldId = old.body.runId as number;
    await env.database.db
      .update(bulkRuns)
      .set({ createdAt: new Date(env.t.clock.now().getTime() - (env.t.config.jobs.bulkRunRetentionDays + 1) * DAY) })
      .where(eq(bulkRuns.id, oldId));
    const handlers = housekeepingHandlers({ store: undefined as never, exportTempDir: '/nonexistent', retentionDays: 7, bulkRunRetentionDays: env.t.config.jobs.bulkRunRetentionDays });
    await handlers[HOUSEKEEPING.bulkRuns]!.run({ db: env.database.db, now: () => env.t.clock.now() } as unknown as JobContext);
    expect((await call(env.t, 'GET', `${BULK_RUNS_PATH}/${oldId}`, { authKey: admin })).status).toBe(404);
    const items = rowsOf<{ n: number }>(await env.database.db.execute(sql`select count(*)::int as n from bulk_run_items where run_id = ${oldId}`));
    expect(Number(items[0]!.n)).toBe(0);
    expect((await call(env.t, 'GET', `${BULK_RUNS_PATH}/${run.id}`, { authKey: admin })).status).toBe(200);
  });
});
