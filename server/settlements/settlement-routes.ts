// Settlement create (by hand) and CSV upload (preview, then commit). Amounts are computed by the server from the
// bookings (domain/settlement-amounts.ts); create and commit accept an Idempotency-Key.
import { eq, inArray } from 'drizzle-orm';
import { settlementResource } from '@domain/resources/settlements/settlement';
import { problemSchema } from '@domain/problem';
import { settlementAmountsOf, sumSettlementAmounts } from '@domain/settlement-amounts';
import { readSettlementCsv } from '@domain/settlement-csv';
import {
  settlementCreateSchema,
  settlementUploadSchema,
  type SettlementUploadGroup,
  type SettlementUploadPreview,
  type SettlementUploadRow,
} from '@domain/settlement-upload';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { users } from '@server/db/schema';
import { bookings } from '@server/db/tables/bookings';
import { settlements } from '@server/db/tables/finance';
import { idempotent } from '@server/http/idempotency';
import { HttpProblem, problemTypes, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord, istDate } from '@server/resources/resource-query';
import { loadSettlingBookings, settleBookings, settleRefusal } from './settle-bookings';

const API = settlementResource.apiPath;
const access = { kind: 'permission', permission: 'ROLE_CREATE_SETTLEMENT' } as const;

/** Creates a draft settlement row and its audit entry; answers its id. */
async function insertDraft(tx: Database, values: { hostId: string; periodFrom: string; periodTo: string; notes?: string | null }, userId: string, now: Date, how: string): Promise<number> {
  const [row] = await tx
    .insert(settlements)
    .values({ ...values, notes: values.notes ?? null, bookingsCount: 0, grossAmount: 0, commission: 0, gst: 0, netPayable: 0, status: 'DRAFT', createdAt: now, updatedAt: now })
    .returning({ id: settlements.id });
  const id = Number(row!.id);
  await writeAudit(tx, { entityType: settlementResource.name, entityId: String(id), actorUserId: userId, action: 'create', toState: 'DRAFT', reason: how, changes: values }, now);
  return id;
}

/** The preview of an upload: every row checked against the bookings, grouped one settlement per host. Writes nothing. */
export async function previewUpload(db: Database, csv: string): Promise<SettlementUploadPreview> {
  const read = readSettlementCsv(csv);
  if (!read.ok) throw validationProblem([{ path: 'csv', message: read.message }], read.message);
  const ids = read.rows.flatMap((r) => (r.bookingId === null ? [] : [r.bookingId]));
  const found = await loadSettlingBookings(db, ids);
  const started = new Map<number, Date>();
  if (ids.length > 0) {
    for (const b of await db.select({ id: bookings.id, startedAt: bookings.startedAt }).from(bookings).where(inArray(bookings.id, ids))) started.set(Number(b.id), b.startedAt as Date);
  }
  const rows: SettlementUploadRow[] = read.rows.map((r) => {
    const errors = [...r.errors];
    const booking = r.bookingId === null ? undefined : found.get(r.bookingId);
    if (r.bookingId !== null && !errors.some((e) => e.column === 'booking_id')) {
      // The host check needs a host: a booking's own host is always acceptable here (rows are grouped by host).
      const why = settleRefusal(r.bookingId, booking, booking?.hostId ?? '');
      if (why) errors.push({ column: 'booking_id', message: booking && booking.hostId === null && !booking.settledIn && booking.status === 'COMPLETED' ? `Booking ${r.bookingId} has no host (its charger has none).` : why });
    }
    if (booking && r.amountPaise !== null && r.amountPaise !== booking.amount) {
      errors.push({ column: 'amount_inr', message: `The booking's amount is ₹${(booking.amount / 100).toFixed(2)}, not ₹${(r.amountPaise / 100).toFixed(2)}.` });
    }
    // The booking's amount; for a booking that is not there, the amount the file gave (the preview shows it).
    return { line: r.line, bookingId: r.bookingId, hostId: booking?.hostId ?? null, amountPaise: booking ? booking.amount : r.amountPaise, errors };
  });
  const errorCount = rows.filter((r) => r.errors.length > 0).length;
  const byHost = new Map<string, SettlementUploadRow[]>();
  for (const r of rows) if (r.errors.length === 0 && r.hostId) byHost.set(r.hostId, [...(byHost.get(r.hostId) ?? []), r]);
  const names = new Map<string, string | null>();
  if (byHost.size > 0) for (const u of await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...byHost.keys()]))) names.set(u.id, u.name);
  const groups: SettlementUploadGroup[] = [...byHost.entries()].map(([hostId, hostRows]) => {
    const days = hostRows.map((r) => istDate(started.get(r.bookingId!)!)).sort();
    return {
      hostId,
      hostName: names.get(hostId) ?? null,
      periodFrom: days[0]!,
      periodTo: days[days.length - 1]!,
      bookingIds: hostRows.map((r) => r.bookingId!),
      ...sumSettlementAmounts(hostRows.map((r) => settlementAmountsOf(r.amountPaise!))),
    };
  });
  return { ok: errorCount === 0, errorCount, rows, settlements: groups };
}

/** Registers the settlement create and upload routes. */
export function registerSettlementRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'POST',
    path: API,
    access,
    body: settlementCreateSchema,
    summary:
      'Create a draft settlement for a host and period; the bookings given are settled into it at once and the amounts (gross, 15% commission, 18% GST on it, net) computed from them. Accepts an Idempotency-Key header.',
    responses: { 201: { description: 'The new settlement' }, 409: { description: 'A booking is already settled', schema: problemSchema }, 422: { description: 'A booking cannot be settled', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const now = deps.now();
      return idempotent(c, deps.db, session.userId, body, now, async (tx) => {
        const [host] = await tx.select({ id: users.id }).from(users).where(eq(users.id, body.hostId));
        if (!host) throw validationProblem([{ path: 'hostId', message: 'Choose an existing host' }]);
        const id = await insertDraft(tx, { hostId: body.hostId, periodFrom: body.periodFrom, periodTo: body.periodTo, notes: body.notes }, session.userId, now, 'Created by hand');
        if (body.bookingIds?.length) await settleBookings(tx, { id, hostId: body.hostId }, body.bookingIds, now);
        return { status: 201, body: await findRecord(tx, settlementResource, id) };
      });
    },
  });

  registry.route({
    method: 'POST',
    path: `${API}/upload/preview`,
    access,
    body: settlementUploadSchema,
    summary:
      'Check a settlement CSV (header booking_id, optional amount_inr; one row per booking) without writing anything: each row with its problems by column (unknown, not completed, already settled, duplicate, amount mismatch, no host), and the settlements a commit would create, one per host.',
    responses: { 200: { description: 'The preview' }, 400: { description: 'The file cannot be read', schema: problemSchema } },
    handler: async ({ c, body, deps }) => c.json(await previewUpload(deps.db, body.csv), 200),
  });

  registry.route({
    method: 'POST',
    path: `${API}/upload/commit`,
    access,
    body: settlementUploadSchema,
    summary:
      'Create the settlements of a settlement CSV (one draft per host, its bookings settled) in one transaction, only when every row is fine (else 422 and nothing is written). Accepts an Idempotency-Key header.',
    responses: { 201: { description: 'The settlements created' }, 409: { description: 'A booking was settled meanwhile', schema: problemSchema }, 422: { description: 'Some rows have problems', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const now = deps.now();
      return idempotent(c, deps.db, session.userId, body, now, async (tx) => {
        const preview = await previewUpload(tx, body.csv);
        if (!preview.ok) {
          throw new HttpProblem({
            type: problemTypes.validation,
            status: 422,
            title: 'The file has problems',
            detail: `${preview.errorCount} ${preview.errorCount === 1 ? 'row has' : 'rows have'} problems; nothing was created. Preview the file to see them.`,
            errors: preview.rows.flatMap((r) => r.errors.map((e) => ({ path: `rows.${r.line}.${e.column}`, message: e.message }))).slice(0, 100),
          });
        }
        const items = [];
        for (const group of preview.settlements) {
          const id = await insertDraft(tx, { hostId: group.hostId, periodFrom: group.periodFrom, periodTo: group.periodTo }, session.userId, now, 'Created from a CSV upload');
          await settleBookings(tx, { id, hostId: group.hostId }, group.bookingIds, now);
          items.push(await findRecord(tx, settlementResource, id));
        }
        return { status: 201, body: { items, count: items.length } };
      });
    },
  });
}
