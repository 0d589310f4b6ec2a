import { beforeAll, describe, expect, it } from 'vitest';
import { commentPageSchema, commentsPath } from '@domain/comments';
import { ticketActionPath, ticketFieldActions } from '@domain/ticket-actions';
import { ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';
import { insertTicket } from './ticket-fixtures';

const SERVICING = 'charger-servicing-tickets';

describe.each(ruleDrivers)('ticket comments on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let readOnly: string;
  let support: string;
  let supportId: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
    const s = await env.signInAs('9000000005');
    support = s.authKey;
    supportId = s.userId;
  });

  const post = (authKey: string, type: string, id: unknown, body: unknown) => call(env.t, 'POST', commentsPath(type, String(id)), { authKey, body });
  const list = (authKey: string, type: string, id: unknown, query = '') => call(env.t, 'GET', `${commentsPath(type, String(id))}${query}`, { authKey });

  it('adds comments and lists them newest first, paged, one thread for the kind and the cross-kind pages', async () => {
    const ticket = await insertTicket(env, admin, SERVICING);
    for (const [i, body] of ['First look: the charger is offline', 'Technician booked', '  Spare part ordered  '].entries()) {
      const res = await post(admin, i === 1 ? 'tickets' : SERVICING, ticket.id, { body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ entityType: 'tickets', entityId: String(ticket.id), body: body.trim(), authorName: expect.any(String) });
      env.t.clock.advance(60_000);
    }
    const all = commentPageSchema.parse((await list(readOnly, 'tickets', ticket.id)).body);
    expect(all.count).toBe(3);
    expect(all.items.map((c) => c.body)).toEqual(['Spare part ordered', 'Technician booked', 'First look: the charger is offline']);
    const second = commentPageSchema.parse((await list(admin, SERVICING, ticket.id, '?page=1&size=2')).body);
    expect(second).toMatchObject({ count: 3, page: 1, size: 2 });
    expect(second.items.map((c) => c.body)).toEqual(['First look: the charger is offline']);
    expect((await list(admin, SERVICING, ticket.id, '?size=101')).status).toBe(400);
  });

  it('refuses an empty, a too long or an unexpected body with the field path', async () => {
    const ticket = await insertTicket(env, admin, SERVICING);
    for (const body of [{ body: '   ' }, { body: 'x'.repeat(2001) }, {}]) {
      const res = await post(admin, SERVICING, ticket.id, body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('body');
    }
    expect((await post(admin, SERVICING, ticket.id, { body: 'ok', extra: true })).status).toBe(400);
    expect((await post(admin, SERVICING, ticket.id, { body: 'x'.repeat(2000) })).status).toBe(201);
  });

  it('needs ROLE_COMMENT_ON_TICKET to post, and a view of the ticket to read or post', async () => {
    const ticket = await insertTicket(env, admin, SERVICING);
    const refused = await post(readOnly, SERVICING, ticket.id, { body: 'Looks fine' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('ROLE_COMMENT_ON_TICKET');
    // Customer support may comment, but sees no servicing tickets... until one is assigned to them.
    expect((await post(support, SERVICING, ticket.id, { body: 'Customer called again' })).status).toBe(403);
    expect((await list(support, SERVICING, ticket.id)).status).toBe(403);
    const assign = ticketFieldActions.find((a) => a.id === 'assign')!;
    expect((await call(env.t, 'POST', ticketActionPath(String(ticket.id), assign), { authKey: admin, body: { assignee: supportId, version: ticket.version } })).status).toBe(200);
    expect((await post(support, SERVICING, ticket.id, { body: 'Customer called again' })).status).toBe(201);
    expect((await list(support, 'tickets', ticket.id)).body.count).toBe(1);
    expect((await call(env.t, 'GET', commentsPath('tickets', String(ticket.id)))).status).toBe(401);
  });

  it('answers 404 for an unknown entity type, a non-ticket type or a missing ticket', async () => {
    const ticket = await insertTicket(env, admin, SERVICING);
    expect((await list(admin, 'spaceships', ticket.id)).status).toBe(404);
    expect((await list(admin, 'chargers', ticket.id)).status).toBe(404);
    expect((await list(admin, SERVICING, 99_999_999)).status).toBe(404);
    expect((await post(admin, SERVICING, 'abc', { body: 'Hello' })).status).toBe(404);
  });
});
