// Transfer device (spec §2 /charger-management/transfer-device, draft phoneNumber + uniqueId): a charger moves to
// the host with that mobile number. The preview names the charger, its current host and the receiving host and
// writes nothing; the transfer locks the charger's row, refuses when its host is no longer the one the preview
// showed (two transfers from one preview cannot both apply), changes the host and writes the audit row in one
// transaction. The charger's host is owned by this action: the generic charger update does not write it.
import { sql, type SQL } from 'drizzle-orm';
import { chargerResource } from '@domain/entities/chargers';
import { formatIndianMobile, maskMobile } from '@domain/phone';
import { problemSchema } from '@domain/problem';
import {
  TRANSFER_DEVICE_PERMISSION,
  transferDeviceBodySchema,
  transferDeviceDraftSchema,
  transferDevicePaths,
  transferDevicePreviewSchema,
  transferProblemTypes,
  type TransferDevicePreview,
  type TransferHost,
} from '@domain/transfer-device';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { HttpProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { rowsOf } from '@server/seed/seed-sql';

interface ChargerRow {
  id: number;
  unique_id: string;
  charger_type: string;
  is_active: boolean;
  location_id: number | null;
  location_name: string | null;
  city_name: string | null;
  host_id: string | null;
}

interface HostRow {
  user_id: string;
  name: string | null;
  mobile_number: string;
  business_name: string | null;
  host_active: boolean | null;
  user_active: boolean;
}

const refusal = (status: number, type: string, path: string, message: string, detail = message) =>
  new HttpProblem({ type, status, title: status === 404 ? 'Not Found' : 'Conflict', detail, errors: [{ path, message }] });

/** The charger with that unique id (locked for the transaction when `lock`); 404 on uniqueId when there is none. */
async function loadCharger(db: Database, uniqueId: string, lock: boolean): Promise<ChargerRow> {
  // The lock takes the charger's row only (FOR UPDATE OF c): its location and city are read, not locked.
  const [row] = rowsOf<ChargerRow>(
    await db.execute(sql`
      select c.id::int as id, c.unique_id, c.charger_type, c.is_active, c.location_id::int as location_id, l.name as location_name,
        ci.name as city_name, c.host_id::text as host_id
      from chargers c left join locations l on l.id = c.location_id left join cities ci on ci.id = c.city_id
      where c.unique_id = ${uniqueId}
      ${lock ? sql`for update of c` : sql``}`),
  );
  if (!row) throw refusal(404, transferProblemTypes.unknownCharger, 'uniqueId', `No charger has the unique id ${uniqueId}`);
  return row;
}

const hostSelect = (where: SQL) => sql`
  select u.id::text as user_id, u.name, u.mobile_number, h.business_name, h.is_active as host_active, u.is_active as user_active
  from users u left join hosts h on h.user_id = u.id
  where ${where}
  limit 1`;

const toHost = (row: HostRow): TransferHost => ({ userId: row.user_id, name: row.name, mobileNumber: row.mobile_number, businessName: row.business_name });

/** The charger's current host (a user; seeded chargers may name a user without a host record), or null. */
async function currentHost(db: Database, userId: string | null): Promise<TransferHost | null> {
  if (userId === null) return null;
  const [row] = rowsOf<HostRow>(await db.execute(hostSelect(sql`u.id = ${userId}::uuid`)));
  return row ? toHost(row) : null;
}

/** The receiving host: a user with that sign-in number and an active host record; 404/409 on phoneNumber otherwise. */
async function receivingHost(db: Database, phoneNumber: string): Promise<TransferHost> {
  const [row] = rowsOf<HostRow>(await db.execute(hostSelect(sql`u.mobile_number = ${phoneNumber}`)));
  const shown = formatIndianMobile(phoneNumber);
  if (!row || row.business_name === null) {
    throw refusal(404, transferProblemTypes.unknownHost, 'phoneNumber', `No host has the number ${shown}`, `No host has the number ${shown}: the receiving user must be registered as a host.`);
  }
  if (!row.user_active || row.host_active === false) {
    throw refusal(409, transferProblemTypes.inactiveHost, 'phoneNumber', `The host with the number ${shown} is inactive`, `${row.business_name} (${shown}) is inactive: activate the host before moving a charger to them.`);
  }
  return toHost(row);
}

/** The preview of moving the charger to the host: refused when the host already has it. */
async function previewOf(db: Database, charger: ChargerRow, phoneNumber: string): Promise<TransferDevicePreview> {
  const to = await receivingHost(db, phoneNumber);
  if (charger.host_id === to.userId) {
    const message = `${charger.unique_id} already belongs to ${to.businessName ?? to.name ?? formatIndianMobile(to.mobileNumber)}`;
    throw refusal(409, transferProblemTypes.sameHost, 'phoneNumber', message, `${message}: give the number of another host.`);
  }
  return {
    charger: {
      id: charger.id,
      uniqueId: charger.unique_id,
      chargerType: charger.charger_type,
      isActive: charger.is_active,
      locationId: charger.location_id,
      locationName: charger.location_name,
      cityName: charger.city_name,
    },
    from: await currentHost(db, charger.host_id),
    to,
  };
}

const problems = {
  400: { description: 'Invalid input, with field paths', schema: problemSchema },
  403: { description: `Missing ${TRANSFER_DEVICE_PERMISSION}`, schema: problemSchema },
  404: { description: 'No charger has the unique id (path uniqueId), or no host has the number (path phoneNumber)', schema: problemSchema },
  409: { description: 'The host is inactive or already has the charger (path phoneNumber)', schema: problemSchema },
};

/** Registers the preview and the transfer of a charger to another host. */
export function registerTransferDeviceRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'POST',
    path: transferDevicePaths.preview,
    access: { kind: 'permission', permission: TRANSFER_DEVICE_PERMISSION },
    body: transferDeviceDraftSchema,
    summary: 'Preview a transfer device: the charger (unique id, type, location), its current host and the host with the given mobile number (any common Indian form). Writes nothing.',
    responses: { 200: { description: 'The charger, from (current host or null) and to', schema: transferDevicePreviewSchema }, ...problems },
    handler: async ({ c, body, deps }) => {
      const charger = await loadCharger(deps.db, body.uniqueId, false);
      return c.json(await previewOf(deps.db, charger, body.phoneNumber), 200);
    },
  });

  registry.route({
    method: 'POST',
    path: transferDevicePaths.transfer,
    access: { kind: 'permission', permission: TRANSFER_DEVICE_PERMISSION },
    body: transferDeviceBodySchema,
    summary:
      'Transfer a device: the charger moves to the host with the given mobile number. fromHostId is the current host the preview showed (null: none); 409 when the charger has another host by now. The change and its audit row (from and to) are one transaction.',
    responses: {
      ...problems,
      200: { description: 'The transfer as done: the charger, from (the previous host) and to', schema: transferDevicePreviewSchema },
      409: { description: 'The host is inactive or already has the charger (path phoneNumber), or the charger’s host changed since the preview (path fromHostId)', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const now = deps.now();
      const done = await deps.db.transaction(async (tx) => {
        // The row lock makes a concurrent transfer of the same charger wait here, then see the host this one wrote.
        const charger = await loadCharger(tx, body.uniqueId, true);
        if (charger.host_id !== body.fromHostId) {
          const current = await currentHost(tx, charger.host_id);
          const now = current ? `${current.businessName ?? current.name ?? ''} (${formatIndianMobile(current.mobileNumber)})`.trim() : 'no host';
          throw refusal(
            409,
            transferProblemTypes.hostChanged,
            'fromHostId',
            `The charger's host changed since the preview: it is now ${now}`,
            `The charger's host changed since the preview: it is now ${now}. Preview again.`,
          );
        }
        const preview = await previewOf(tx, charger, body.phoneNumber);
        await tx.execute(sql`update chargers set host_id = ${preview.to.userId}::uuid, updated_at = ${now.toISOString()}::timestamptz where id = ${charger.id}`);
        // The history shows "Host: from → to" in words (numbers masked); the user ids sit beside them.
        const side = (host: TransferHost | null) =>
          host ? `${[host.businessName, host.name].filter(Boolean).join(', ') || 'Unnamed'} (${maskMobile(host.mobileNumber)})` : null;
        await writeAudit(
          tx,
          {
            entityType: chargerResource.name,
            entityId: String(charger.id),
            actorUserId: session.userId,
            action: 'transfer-device',
            changes: { hostId: { from: side(preview.from), to: side(preview.to), fromUserId: charger.host_id, toUserId: preview.to.userId } },
          },
          now,
        );
        return preview;
      });
      return c.json(done, 200);
    },
  });
}
