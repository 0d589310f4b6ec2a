// The cross-kind ticket lists (My, Open, Today's tickets) send a workflow event to a selection of tickets of several
// kinds: each ticket goes through its own kind's machine with that kind's permission and payload schema; a kind
// without the event, a state that refuses it and a ticket out of sight are refused one by one, in words.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '@domain/resource/registry';
import { rowsOf } from '@server/db/rows';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';
import { insertTicket } from './ticket-fixtures';

const CROSS_KIND = `${resourceByName('tickets').apiPath}/bulk-transition`;

describe.each(ruleDrivers)('the cross-kind bulk transition on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let noRole: string;
  const status = async (id: unknown) => rowsOf<{ status: string }>(await env.database.db.execute(sql`select status from tickets where id = ${Number(id)}`))[0]!.status;

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    noRole = (await env.signInAs('9000000007')).authKey;
  });

  it("moves each ticket through its own kind's machine and refuses a kind without the event and a state that refuses it", async () => {
    const support = await insertTicket(env, admin, 'customer-support-tickets');
    const resolved = await insertTicket(env, admin, 'customer-support-tickets', { status: 'RESOLVED' });
    const demo = await insertTicket(env, admin, 'demo-tickets');
    const res = await call(env.t, 'POST', CROSS_KIND, { authKey: admin, body: { ids: [support.id, resolved.id, demo.id, 99_999_999], event: { type: 'START_WORK' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      runId: expect.any(Number),
      changed: 1,
      unchanged: 0,
      refused: [
        { id: String(resolved.id), reason: 'This customer support ticket is Resolved: Start work is not possible now.' },
        { id: String(demo.id), reason: expect.stringMatching(/^A demo ticket does not take Start work$/i) },
        { id: '99999999', reason: 'No ticket you can see has the id 99999999.' },
      ],
    });
    expect(await status(support.id)).toBe('IN_PROGRESS');
    expect(await status(resolved.id)).toBe('RESOLVED');
    const run = await call(env.t, 'GET', `/config/secure/bulk-runs/${String(res.body.runId)}`, { authKey: admin });
    expect(run.body).toMatchObject({ resource: 'tickets', action: 'Start work', total: 4, changed: 1, refused: 3 });
  });

  it('refuses an event no kind has, and a caller holding no kind’s permission for it, changing nothing', async () => {
    const ticket = await insertTicket(env, admin, 'customer-support-tickets');
    const unknown = await call(env.t, 'POST', CROSS_KIND, { authKey: admin, body: { ids: [ticket.id], event: { type: 'FLY_AWAY' } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ path: 'event.type', message: 'No ticket kind has this event' }]);
    const denied = await call(env.t, 'POST', CROSS_KIND, { authKey: noRole, body: { ids: [ticket.id], event: { type: 'START_WORK' } } });
    expect(denied.status).toBe(403);
    expect(await status(ticket.id)).toBe('OPEN');
  });
});
