import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TicketKind } from '@domain/resources/tickets/shared';
import { resourceByName } from '@domain/resource/registry';
import { tickets } from '@server/db/tables/tickets';
import { call } from '@tests/server/support/test-app';
import type { SharedTestApp } from '@tests/server/support/use-test-app';
import { rowsOf } from '@server/seed/seed-sql';

type Row = Record<string, unknown>;

/** The required fields of each kind with a small machine (what its CHECKs need). */
export const requiredByKind: Partial<Record<TicketKind, Row>> = {
  CUSTOMER_SUPPORT: { customerPhone: '9845011111', category: 'REFUND' },
  DEMO: { contactName: 'Asha Rao', contactPhone: '9845011112' },
  BUNDLE: { bundleName: 'Koramangala ten' },
  BOOKING_UTILIZATION_ANOMALY: { anomalyType: 'ZERO_ENERGY' },
  CHARGER_APPROVAL: { approvalType: 'NEW_CHARGER' },
  HARDWARE_SERVICING: { issue: 'OFFLINE' },
  CHARGER_SERVICING: { issue: 'NOT_CHARGING' },
};

/**
 * Inserts a fresh OPEN ticket of a kind straight into the table (some kinds have no create route) and answers it
 * as the kind's API shows it to `authKey`. `createdAt` defaults to the test clock's now.
 */
export async function insertTicket(env: SharedTestApp, authKey: string, resourceName: string, extra: Row = {}): Promise<Row> {
  const resource = resourceByName(resourceName);
  const kind = resource.fixed!.kind as TicketKind;
  const now = env.t.clock.now();
  const [row] = await env.database.db
    .insert(tickets)
    .values({ kind, title: `Test ${kind.toLowerCase()} ticket`, status: 'OPEN', priority: 'MEDIUM', version: 0, createdAt: now, updatedAt: now, ...requiredByKind[kind], ...extra })
    .returning({ id: tickets.id });
  const res = await call(env.t, 'GET', `${resource.apiPath}/${String((row as { id: number }).id)}`, { authKey });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Row;
}


/** The id of the user with this mobile number. */
export async function userIdOf(env: SharedTestApp, mobileNumber: string): Promise<string> {
  const result = await env.database.db.execute(sql`select id from users where mobile_number = ${mobileNumber}`);
  return String(rowsOf<Row>(result)[0]!.id);
}

/** The id of some user who is not staff (a customer or host). */
export async function customerId(env: SharedTestApp): Promise<string> {
  const result = await env.database.db.execute(sql`select u.id from users u where not exists (select 1 from czo_users c where c.user_id = u.id) limit 1`);
  return String(rowsOf<Row>(result)[0]!.id);
}

/** The audit rows of a ticket with this action, oldest first. */
export async function auditRows(env: SharedTestApp, resourceName: string, id: unknown, action: string): Promise<Row[]> {
  const result = await env.database.db.execute(
    sql`select action, changes, reason, event, actor_user_id from audit_log where entity_type = ${resourceName} and entity_id = ${String(id)} and action = ${action} order by seq`,
  );
  return rowsOf<Row>(result);
}
