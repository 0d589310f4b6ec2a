// What support does for a booking's customer (Bookings): send a help message (SMS or WhatsApp, through the
// notification logs), call the customer (a row in Outbound Call Logs) and lock or unlock the customer's app operations
// (a flag on the user, shown on the user's page; the generic update never writes it). Each is audited.
import { sql } from 'drizzle-orm';
import { bookingResource } from '@domain/resources/bookings/booking';
import { userResource } from '@domain/resources/users/user';
import { maskMobile } from '@domain/phone';
import { problemSchema } from '@domain/problem';
import type { ResolvedDeps } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import { assertMayChangeStaffMember } from '@server/auth/who-may-change-whom';
import { rowsOf } from '@server/db/rows';
import { sendWhatsappThroughLog } from '@server/global-data/whatsapp-log';
import { conflictProblem, notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord } from '@server/resources/resource-query';
import { registerResourceAction } from '@server/resources/resource-actions';
import { sendSms } from '@server/sms/send-sms';

/** The booking's user and number (404 when there is no such booking). */
async function bookingCustomer(deps: ResolvedDeps, id: number): Promise<{ userId: string; phone: string }> {
  const [row] = rowsOf<{ user_id: string; user_phone: string }>(await deps.db.execute(sql`select user_id, user_phone from bookings where id = ${id}`));
  if (!row) throw notFoundProblem(`No booking has the id ${id}.`);
  return { userId: row.user_id, phone: row.user_phone };
}

const unknownBooking = { description: 'No booking has this id', schema: problemSchema };

/** Registers Send help message, Call the customer and Lock customer operations. */
export function registerBookingSupportRoutes(registry: RouteRegistry): void {
  registerResourceAction(registry, bookingResource, 'send-help-message', {
    summary: "Send a help message to the booking's user by SMS (SMS notification log) or WhatsApp (WhatsApp notification log), numbers masked; audited on the booking with the message.",
    responses: { 201: { description: 'Sent (or failed at the provider): the channel, the masked number and the status' }, 404: unknownBooking },
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const channel = String(body.channel);
      const message = String(body.message);
      const customer = await bookingCustomer(deps, id);
      const status =
        channel === 'SMS'
          ? (await sendSms(deps, customer.phone, message, message, 'czo-help-message')) ? 'SENT' : 'FAILED'
          : await sendWhatsappThroughLog(deps, customer.phone, 'czo-help-message');
      await writeAudit(deps.db, { entityType: 'bookings', entityId: String(id), actorUserId: session.userId, action: 'send-help-message', reason: message, changes: { channel: { to: channel }, sentTo: { to: maskMobile(customer.phone) }, status: { to: status } } }, deps.now());
      return c.json({ channel, mobileNumber: maskMobile(customer.phone), status }, 201);
    },
  });

  registerResourceAction(registry, bookingResource, 'initiate-outbound-call', {
    summary: "Place a call to the booking's user from the caller's account: a row in Outbound Call Logs (INITIATED, 0 s until the call bridge reports), audited on the booking.",
    responses: { 201: { description: 'The Outbound Call Logs row' }, 404: unknownBooking },
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const customer = await bookingCustomer(deps, id);
      const now = deps.now();
      const row = await deps.db.transaction(async (tx) => {
        const [call] = rowsOf<{ id: number }>(
          await tx.execute(sql`
            insert into outbound_call_logs (staff, customer_phone, booking_number, duration_seconds, status, created_at, updated_at)
            values (${session.userId}, ${customer.phone}, ${String(id)}, 0, 'INITIATED', ${now.toISOString()}, ${now.toISOString()}) returning id`),
        );
        await writeAudit(tx, { entityType: 'bookings', entityId: String(id), actorUserId: session.userId, action: 'initiate-outbound-call', changes: { outboundCall: { to: Number(call!.id) } } }, now);
        return call!;
      });
      return c.json({ id: Number(row.id), customerPhone: customer.phone, bookingNumber: String(id), status: 'INITIATED' }, 201);
    },
  });

  registerResourceAction(registry, bookingResource, 'lock-customer-operations', {
    summary: "Lock or unlock a customer's app operations with a reason: the flag on the user (shown on the user's page), and an audit row on the user (from, to, reason). 409 when it is so already.",
    responses: { 200: { description: 'The user as changed', schema: userResource.recordSchema }, 404: { description: 'No user has this id', schema: problemSchema }, 409: { description: 'Already locked (or unlocked)', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const userId = String(body.userId);
      const locked = body.locked === true;
      const reason = String(body.reason);
      const now = deps.now();
      await assertMayChangeStaffMember(deps.db, session, userId, 'the operations of this staff member');
      await deps.db.transaction(async (tx) => {
        const [user] = rowsOf<{ operations_locked: boolean }>(await tx.execute(sql`select operations_locked from users where id = ${userId} for update`));
        if (!user) throw notFoundProblem('No user has this id.');
        if (user.operations_locked === locked) {
          throw conflictProblem(`This customer's operations are already ${locked ? 'locked' : 'unlocked'}.`, [{ path: 'locked', message: `Already ${locked ? 'locked' : 'unlocked'}` }]);
        }
        await tx.execute(sql`update users set operations_locked = ${locked}, operations_lock_reason = ${reason}, updated_at = ${now.toISOString()} where id = ${userId}`);
        await writeAudit(tx, { entityType: userResource.name, entityId: userId, actorUserId: session.userId, action: locked ? 'lock-customer-operations' : 'unlock-customer-operations', reason, changes: { operationsLocked: { from: !locked, to: locked } } }, now);
      });
      return c.json(await findRecord(deps.db, userResource, userId), 200);
    },
  });
}
