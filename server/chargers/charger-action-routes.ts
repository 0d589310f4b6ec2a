// The charger actions declared on the charger resource: Update QR code (the charger service's `qr-code` route),
// Always-on, Protected network and Replace hardware. Each locks the charger's row first, so two actions on one
// charger run one after the other and each sees what the other wrote; the change and its audit row (and, for a
// replacement, the history row and both units' statuses) are one transaction. Replace hardware also locks the new
// unit's row, so two chargers taking the same unit at once cannot both win; the unique indexes on the chargers'
// QR codes and units (migration 0016) back the checks. Map to host sets or clears the host through the same code as
// Transfer device (charger-host.ts).
import { sql } from 'drizzle-orm';
import { chargerResource } from '@domain/resources/chargers/charger';
import { hardwareReplacementResource } from '@domain/resources/chargers/hardware-replacement';
import { problemSchema } from '@domain/problem';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { conflictProblem, notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord } from '@server/resources/resource-query';
import { registerResourceAction } from '@server/resources/resource-actions';
import { rowsOf } from '@server/db/rows';
import { currentHost, loadCharger, receivingHost, setChargerHost } from './charger-host';

interface ChargerRow {
  id: number;
  unique_id: string;
  charger_type: string;
  qr_code_value: string | null;
  always_on: boolean;
  protected_network: boolean;
  hardware_id: number | null;
}

interface HardwareRow {
  id: number;
  serial_number: string;
  hardware_type: string;
  status: string;
}

const conflict = (path: string, message: string, detail: string) => conflictProblem(detail, [{ path, message }]);

/** The charger's row, locked until the transaction ends (404 when there is none). */
async function lockCharger(tx: Database, id: number): Promise<ChargerRow> {
  const [row] = rowsOf<ChargerRow>(
    await tx.execute(sql`
      select id::int as id, unique_id, charger_type, qr_code_value, always_on, protected_network, hardware_id::int as hardware_id
      from chargers where id = ${id} for update`),
  );
  if (!row) throw notFoundProblem('No charger has this id.');
  return row;
}

/** A hardware unit's row, locked when `lock` (404 when there is none). */
async function hardwareUnit(tx: Database, id: number, lock: boolean): Promise<HardwareRow> {
  const [row] = rowsOf<HardwareRow>(
    await tx.execute(sql`select id::int as id, serial_number, hardware_type, status from hardware where id = ${id} ${lock ? sql`for update` : sql``}`),
  );
  if (!row) throw notFoundProblem('No hardware unit has this id.');
  return row;
}

const chargerAnswer = { description: 'The charger as changed', schema: chargerResource.recordSchema };
const unknownCharger = { description: 'No charger has this id', schema: problemSchema };

/** Registers a yes/no setting of a charger (Always-on, Protected network): its column, its words and its action. */
function registerToggle(registry: RouteRegistry, name: 'always-on' | 'protected-network', field: 'alwaysOn' | 'protectedNetwork', column: 'always_on' | 'protected_network', words: string): void {
  registerResourceAction(registry, chargerResource, name, {
    summary: `Turn ${words} on or off for a charger, with a reason. 409 when it is so already. The change and its audit row (from, to, reason) are one transaction.`,
    responses: { 200: chargerAnswer, 404: unknownCharger, 409: { description: `The charger's ${words} is already as asked`, schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const to = body[field] === true;
      const reason = String(body.reason);
      const now = deps.now();
      await deps.db.transaction(async (tx) => {
        const charger = await lockCharger(tx, id);
        if (charger[column] === to) {
          throw conflict(field, `Already ${to ? 'on' : 'off'}`, `${words[0]!.toUpperCase()}${words.slice(1)} is already ${to ? 'on' : 'off'} for ${charger.unique_id}.`);
        }
        await tx.execute(sql`update chargers set ${sql.raw(column)} = ${to}, updated_at = ${now.toISOString()}::timestamptz where id = ${id}`);
        await writeAudit(tx, { entityType: chargerResource.name, entityId: String(id), actorUserId: session.userId, action: name, reason, changes: { [field]: { from: !to, to } } }, now);
      });
      return c.json(await findRecord(deps.db, chargerResource, id), 200);
    },
  });
}

/** Registers Update QR code, Set group, Always-on, Protected network, Replace hardware and Map to host. */
export function registerChargerActionRoutes(registry: RouteRegistry): void {
  registerResourceAction(registry, chargerResource, 'update-qr-code', {
    summary:
      'Give a charger a new QR code value (6 to 64 letters, digits or hyphens). A value is on one charger at a time: 409 naming the charger that has it. The change and its audit row (old and new value) are one transaction.',
    responses: { 200: chargerAnswer, 404: unknownCharger, 409: { description: 'Another charger has this QR code, or this one has it already', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const qrCodeValue = String(body.qrCodeValue);
      const now = deps.now();
      await deps.db.transaction(async (tx) => {
        const charger = await lockCharger(tx, id);
        if (charger.qr_code_value === qrCodeValue) throw conflict('qrCodeValue', 'Already this charger’s QR code', `${charger.unique_id} already has the QR code ${qrCodeValue}.`);
        const [holder] = rowsOf<{ unique_id: string }>(await tx.execute(sql`select unique_id from chargers where qr_code_value = ${qrCodeValue} and id <> ${id} limit 1`));
        if (holder) {
          throw conflict('qrCodeValue', `On charger ${holder.unique_id}`, `The QR code ${qrCodeValue} is on charger ${holder.unique_id}. A QR code belongs to one charger: give this one another code.`);
        }
        // Two chargers given one code at once: the unique index lets one update through; the other fails (409) and rolls back.
        await tx.execute(sql`update chargers set qr_code_value = ${qrCodeValue}, updated_at = ${now.toISOString()}::timestamptz where id = ${id}`);
        await writeAudit(
          tx,
          { entityType: chargerResource.name, entityId: String(id), actorUserId: session.userId, action: 'update-qr-code', changes: { qrCodeValue: { from: charger.qr_code_value, to: qrCodeValue } } },
          now,
        );
      });
      return c.json(await findRecord(deps.db, chargerResource, id), 200);
    },
  });

  registerResourceAction(registry, chargerResource, 'group', {
    summary:
      'Put a charger in a user group (the group whose members it serves) or take it out of its group (no groupId), with a reason. 404 for an unknown group, 409 for an inactive group or when the charger is in that group already. The change and its audit row (from, to, reason) are one transaction.',
    responses: {
      200: chargerAnswer,
      404: { description: 'No charger or no group has this id', schema: problemSchema },
      409: { description: 'The group is inactive, or the charger is in it already', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const to = body.groupId === undefined || body.groupId === null ? null : Number(body.groupId);
      const reason = String(body.reason);
      const now = deps.now();
      await deps.db.transaction(async (tx) => {
        const [charger] = rowsOf<{ unique_id: string; group_id: number | null }>(await tx.execute(sql`select unique_id, group_id::int as group_id from chargers where id = ${id} for update`));
        if (!charger) throw notFoundProblem('No charger has this id.');
        const from = charger.group_id === null ? null : Number(charger.group_id);
        if (from === to) throw conflict('groupId', to === null ? 'In no group already' : 'In this group already', to === null ? `${charger.unique_id} is in no group.` : `${charger.unique_id} is in this group already.`);
        if (to !== null) {
          const [group] = rowsOf<{ name: string; is_active: boolean }>(await tx.execute(sql`select name, is_active from user_groups where id = ${to} for share`));
          if (!group) throw notFoundProblem('No user group has this id.');
          if (!group.is_active) throw conflict('groupId', 'Inactive group', `The group ${group.name} is inactive: activate it first, or choose another.`);
        }
        await tx.execute(sql`update chargers set group_id = ${to}, updated_at = ${now.toISOString()}::timestamptz where id = ${id}`);
        await writeAudit(tx, { entityType: chargerResource.name, entityId: String(id), actorUserId: session.userId, action: 'group', reason, changes: { groupId: { from, to } } }, now);
      });
      return c.json(await findRecord(deps.db, chargerResource, id), 200);
    },
  });

  registerToggle(registry, 'always-on', 'alwaysOn', 'always_on', 'always-on');
  registerToggle(registry, 'protected-network', 'protectedNetwork', 'protected_network', 'protected network');

  registerResourceAction(registry, chargerResource, 'replace-hardware', {
    summary:
      'Replace a charger’s hardware unit with a unit in stock of the charger’s type, with a reason; the old unit goes back to stock (IN_STOCK) or to repair (UNDER_REPAIR). Writes a Hardware replacements row (from, to) and an audit row in one transaction. 409 when the unit is not in stock, is installed in a charger, or is of another type.',
    responses: {
      200: chargerAnswer,
      404: { description: 'No charger or no hardware unit has this id', schema: problemSchema },
      409: { description: 'The unit is not in stock, is installed in a charger (this one or another), or is of another type', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const hardwareId = Number(body.hardwareId);
      const oldUnitStatus = String(body.oldUnitStatus);
      const reason = String(body.reason);
      const now = deps.now();
      const at = now.toISOString();
      await deps.db.transaction(async (tx) => {
        // Charger, then unit: every replacement takes its locks in this order.
        const charger = await lockCharger(tx, id);
        const unit = await hardwareUnit(tx, hardwareId, true);
        if (charger.hardware_id === unit.id) throw conflict('hardwareId', 'Already in this charger', `${unit.serial_number} is already installed in ${charger.unique_id}.`);
        const [installedIn] = rowsOf<{ unique_id: string }>(await tx.execute(sql`select unique_id from chargers where hardware_id = ${unit.id} limit 1`));
        if (installedIn) {
          throw conflict('hardwareId', `Installed in ${installedIn.unique_id}`, `${unit.serial_number} is installed in charger ${installedIn.unique_id}: choose a unit in stock.`);
        }
        if (unit.status !== 'IN_STOCK') {
          throw conflict('hardwareId', 'Not in stock', `${unit.serial_number} is not in stock (its status is ${unit.status}): choose a unit in stock.`);
        }
        if (unit.hardware_type !== charger.charger_type) {
          throw conflict('hardwareId', 'Another type of unit', `${unit.serial_number} is a ${unit.hardware_type} unit; ${charger.unique_id} takes ${charger.charger_type} units.`);
        }
        if (charger.hardware_id !== null) {
          await tx.execute(sql`update hardware set status = ${oldUnitStatus}, updated_at = ${at}::timestamptz where id = ${charger.hardware_id}`);
        }
        await tx.execute(sql`update hardware set status = 'INSTALLED', updated_at = ${at}::timestamptz where id = ${unit.id}`);
        await tx.execute(sql`update chargers set hardware_id = ${unit.id}, updated_at = ${at}::timestamptz where id = ${id}`);
        await tx.execute(sql`
          insert into ${sql.raw(hardwareReplacementResource.table)} (charger_id, from_hardware_id, to_hardware_id, old_unit_status, reason, replaced_by_id, replaced_at, created_at, updated_at)
          values (${id}, ${charger.hardware_id}, ${unit.id}, ${charger.hardware_id === null ? null : oldUnitStatus}, ${reason}, ${session.userId}::uuid, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)`);
        await writeAudit(
          tx,
          {
            entityType: chargerResource.name,
            entityId: String(id),
            actorUserId: session.userId,
            action: 'replace-hardware',
            reason,
            changes: { hardwareId: { from: charger.hardware_id, to: unit.id }, ...(charger.hardware_id === null ? {} : { oldUnitStatus: { from: 'INSTALLED', to: oldUnitStatus } }) },
          },
          now,
        );
      });
      return c.json(await findRecord(deps.db, chargerResource, id), 200);
    },
  });
  registerResourceAction(registry, chargerResource, 'host-mapping', {
    summary:
      'Map a charger to a host (a user with an active host record), or take it off its host (hostId empty), with a reason. 404/409 on hostId for no such host or an inactive one; 409 when the charger has that host already. Locks the charger’s row; the change and its audit row (from and to, numbers masked) are one transaction, written by the same code as Transfer device.',
    responses: { 200: chargerAnswer, 404: { description: 'No charger has this id, or no host has this user id (path hostId)', schema: problemSchema }, 409: { description: 'The host is inactive, or the charger has this host already', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const toUserId = typeof body.hostId === 'string' ? body.hostId : null;
      const now = deps.now();
      await deps.db.transaction(async (tx) => {
        const charger = await loadCharger(tx, { id }, true, 'id');
        if (charger.host_id === toUserId) {
          throw conflict('hostId', toUserId ? 'Already this charger’s host' : 'The charger has no host', toUserId ? `${charger.unique_id} is mapped to this host already.` : `${charger.unique_id} has no host already.`);
        }
        const to = toUserId ? await receivingHost(tx, { userId: toUserId }, 'hostId') : null;
        await setChargerHost(tx, { charger, from: await currentHost(tx, charger.host_id), to, actorUserId: session.userId, action: 'host-mapping', reason: String(body.reason), now });
      });
      return c.json(await findRecord(deps.db, chargerResource, id), 200);
    },
  });
}
