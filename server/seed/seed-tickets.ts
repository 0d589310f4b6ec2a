// Seed step of the tickets: 30,000 × scale over every kind, generated in SQL (deterministic hash picks). Each
// status is one of its kind's machine states (ticketStatuses; a CHECK refuses any other), and a CLOSED ticket has
// a close reason, as the CLOSE event leaves it. Most are closed; a recent share is open; many are assigned to the
// demo staff, and the first few are assigned to the Super Admin (9000000001), open and due today, so "My
// tickets", "Today's tickets" and the Open lists show rows at every scale. Relations to chargers, bookings,
// hardware, locations and orders are picked from those tables (null when empty).
import { sql, type SQL } from 'drizzle-orm';
import { anomalyTypes } from '@domain/resources/tickets/booking-anomaly-ticket';
import { approvalTypes } from '@domain/resources/tickets/charger-approval-ticket';
import { couriers } from '@domain/resources/tickets/delivery-ticket';
import { mountingOptions, parkingTypes, protectionOptions } from '@domain/resources/tickets/site-inspection-ticket';
import { servicingIssues, ticketCloseReasons, ticketKinds, ticketStatuses, ticketTags, type TicketKind } from '@domain/resources/tickets/shared';
import { supportCategories } from '@domain/resources/tickets/customer-support-ticket';
import { businesses, localities, scaled, sqlBetween, sqlHash, sqlMobile, sqlPick } from './demo-data';
import { withIndexesSetAside } from './bulk-load';
import type { SeedStep } from './seed-context';
import {
  cityArrays,
  countRows,
  customerPhonePool,
  poolJoin,
  queryPool,
  resourcePool,
  sqlCityIndex,
  sqlIstDay,
  sqlLabel,
  sqlPerson,
  staff,
  uuid,
} from './seed-tickets-shared';
import { n, sqlWeighted } from './seed-sql';

/** Tickets at scale 1. */
export const TICKET_SEED_BASE = 30_000;

/** Share of each kind among tickets (percent). */
const kindWeights: readonly (readonly [TicketKind, number])[] = [
  ['CUSTOMER_SUPPORT', 28],
  ['CHARGER_SERVICING', 15],
  ['SITE_INSPECTION', 12],
  ['INSTALLATION', 10],
  ['DELIVERY', 10],
  ['BOOKING_UTILIZATION_ANOMALY', 7],
  ['HARDWARE_SERVICING', 6],
  ['CHARGER_APPROVAL', 5],
  ['DEMO', 4],
  ['BUNDLE', 3],
];

/** How many of the first seeded tickets go to the Super Admin, open; the first DUE_TODAY of them are due today. */
const MINE_FIRST = 6;
const DUE_TODAY = 4;
/** Percent of tickets (past the first few) that are closed. */
const CLOSED_PERCENT = 82;
const DAY = 86_400;

const values = (list: readonly { value: string }[]) => list.map((o) => o.value);
const pick = (list: readonly string[], salt: string) => sqlPick(list, n, salt);
const h = (salt: string) => sql`(${sqlHash(n, salt)} % 100)`;
/** `case kind when K then expr ... end` over the kinds that have a value (null for the others). */
const byKind = (entries: Partial<Record<TicketKind, SQL>>): SQL =>
  sql`case kind ${sql.join(
    Object.entries(entries).map(([k, v]) => sql`when ${k} then ${v}`),
    sql` `,
  )} else null end`;

const statusSql = sql`case
  when n <= ${MINE_FIRST} then 'OPEN'
  ${sql.join(
    ticketKinds.map(
      (k) => sql`when kind = ${k} then case when closed then ${pick(ticketStatuses[k].closed, 'tk-closed-status')} else ${pick(ticketStatuses[k].open, 'tk-open-status')} end`,
    ),
    sql` `,
  )}
end`;

/** Seeds the tickets (orders first: delivery tickets point at them). */
export const seedTickets: SeedStep = {
  name: 'tickets',
  async run({ tx, now, scale }) {
    const target = scaled(TICKET_SEED_BASE, scale);
    // Consignment tickets are made from the consignment deliveries (below), so they are not counted toward the target.
    const existing = await countRows(tx, 'tickets', sql`kind <> 'CONSIGNMENT'`);
    if (existing >= target) return existing;
    const at = sql`${now.toISOString()}::timestamptz`;
    const today = sqlIstDay(now);
    const insert = () => tx.execute(sql`
      with ${sql.join(
        [
          resourcePool('ch', 'chargers'),
          resourcePool('bk', 'bookings'),
          resourcePool('hw', 'hardware'),
          resourcePool('lc', 'locations'),
          resourcePool('od', 'orders'),
          resourcePool('vd', 'vendors', { label: 'name' }),
          resourcePool('wh', 'warehouses', { label: 'name' }),
          queryPool('cpo', sql`select id, name as label, row_number() over (order by name, id) as rn from charge_point_operators where is_active`),
          customerPhonePool('ph'),
        ],
        sql`, `,
      )},
      base as (
        select n, kind,
          n > ${MINE_FIRST} and ${h('tk-closed')} < ${CLOSED_PERCENT} as closed,
          ${sqlCityIndex(n, 'tk-city')} as ci,
          ${pick(businesses, 'tk-biz')} as biz,
          ${pick(localities, 'tk-loc')} as loc,
          ${sqlPerson(n, 'tk-person')} as person,
          ${pick(supportCategories, 'tk-category')} as category,
          ${pick(servicingIssues, 'tk-issue')} as issue,
          ${pick(anomalyTypes, 'tk-anomaly')} as anomaly,
          ${pick(approvalTypes, 'tk-approval')} as approval,
          ${sqlWeighted(
            [
              ['ORDER_DELIVERY', 6],
              ['CONSIGNMENT_DELIVERY', 3],
              ['CHARGER_SERVICING_DELIVERY', 2],
            ],
            n,
            'tk-dtype',
          )} as dtype,
          'CZ' || upper(substr(md5('charger-' || n::text), 1, 8)) as unique_code
        from (select n, ${sqlWeighted(kindWeights, n, 'tk-kind')} as kind from generate_series(${existing + 1}::int, ${target}::int) n) picked
      ),
      timed as (
        select b.*,
          case
            when n <= ${MINE_FIRST} then ${at} - n * interval '5 minutes'
            when closed then ${at} - interval '2 days' - (${sqlHash(n, 'tk-created')} % ${360 * DAY}) * interval '1 second'
            else ${at} - (${sqlHash(n, 'tk-created')} % ${40 * DAY}) * interval '1 second'
          end as created,
          ${statusSql} as status
        from base b
      )
      insert into tickets (
        kind, title, description, status, priority, assignee, created_by, due_date, tags, city, charger, location, close_reason,
        source_type, source_id, source_name, source_user, created_at, updated_at,
        site_name, address, coordinates, host_phone, images, power_available_kw, mounting, protection, parking_type,
        approval_type, unique_id, hardware, issue, available_date,
        customer_phone, category, booking,
        contact_name, contact_phone, demo_at,
        bundle_name, number_of_chargers, bundle_amount, investor_name,
        anomaly_type, billed_energy, metered_energy,
        delivery_ticket_type, order_id, consignment_id, courier, awb_number, items,
        phone_number, qr_code_value, charge_point_operator_id, purpose_of_assigning
      )
      select
        kind,
        ${byKind({
          SITE_INSPECTION: sql`'Site inspection: ' || biz || ', ' || loc`,
          CHARGER_APPROVAL: sql`${sqlLabel(sql`approval`)} || ' approval: ' || biz`,
          HARDWARE_SERVICING: sql`'Hardware repair: ' || lower(${sqlLabel(sql`issue`)})`,
          CHARGER_SERVICING: sql`${sqlLabel(sql`issue`)} || ' at ' || biz || ', ' || loc`,
          CUSTOMER_SUPPORT: sql`${sqlLabel(sql`category`)} || ' – ' || person`,
          DEMO: sql`'Charger demo for ' || biz || ', ' || loc`,
          BUNDLE: sql`'Investment bundle: ' || loc || ' ' || (10 + n % 90)`,
          BOOKING_UTILIZATION_ANOMALY: sql`${sqlLabel(sql`anomaly`)} || ' on a booking at ' || biz`,
          DELIVERY: sql`case dtype when 'ORDER_DELIVERY' then 'Deliver order to ' || person
            when 'CONSIGNMENT_DELIVERY' then 'Consignment to ' || (${cityArrays.names})[ci] || ' warehouse'
            else 'Return serviced charger to ' || biz end`,
          INSTALLATION: sql`'Install charger at ' || biz || ', ' || loc`,
        })},
        ${byKind({
          SITE_INSPECTION: sql`'Host wants a charger for the parking of ' || biz || '. Check load, mounting and earthing.'`,
          CHARGER_SERVICING: sql`'Reported by the monitoring desk: ' || lower(${sqlLabel(sql`issue`)}) || '.'`,
          CUSTOMER_SUPPORT: sql`'Customer called the helpline: ' || lower(${sqlLabel(sql`category`)}) || '.'`,
          BOOKING_UTILIZATION_ANOMALY: sql`'Flagged by the nightly utilization check.'`,
          INSTALLATION: sql`'Install and commission the charger, then send the form for approval.'`,
        })},
        status,
        case when n <= ${MINE_FIRST} then 'HIGH' else ${sqlWeighted(
          [
            ['LOW', 25],
            ['MEDIUM', 45],
            ['HIGH', 22],
            ['URGENT', 8],
          ],
          n,
          'tk-priority',
        )} end,
        case
          when n <= ${MINE_FIRST} then ${uuid(staff.admin)}
          when ${h('tk-assignee')} < 12 then null
          when ${h('tk-assignee')} < 40 then ${uuid(staff.admin)}
          when ${h('tk-assignee')} < 75 then case
            when kind in ('CUSTOMER_SUPPORT', 'BOOKING_UTILIZATION_ANOMALY') then ${uuid(staff.support)}
            when kind in ('CHARGER_APPROVAL', 'DEMO', 'BUNDLE') then ${uuid(staff.operations)}
            else ${uuid(staff.technician)} end
          else ${uuid(staff.operations)}
        end,
        case when kind in ('CUSTOMER_SUPPORT', 'BOOKING_UTILIZATION_ANOMALY') then ${uuid(staff.support)}
          when ${h('tk-by')} < 50 then ${uuid(staff.operations)} else ${uuid(staff.admin)} end,
        case
          when n <= ${DUE_TODAY} then ${today}
          else ((created at time zone 'Asia/Kolkata')::date + ${sqlBetween(1, 21, n, 'tk-due')}::int)
        end,
        case
          when ${h('tk-tags')} < 25 then array[${pick(ticketTags, 'tk-tag-1')}]
          when ${h('tk-tags')} < 35 then array[${pick(ticketTags.slice(0, 7), 'tk-tag-2')}, ${pick(ticketTags.slice(7), 'tk-tag-3')}]
          else '{}'::text[]
        end,
        (${cityArrays.ids})[ci],
        case when kind in ('SITE_INSPECTION', 'DEMO', 'BUNDLE') then null else ${sql`ch.id`} end,
        case when kind in ('SITE_INSPECTION', 'INSTALLATION', 'CHARGER_SERVICING') then ${sql`lc.id`} else null end,
        -- Only CLOSE ends a ticket as CLOSED, and it always records why; no other event writes a close reason.
        case when status = 'CLOSED' then ${pick(values(ticketCloseReasons), 'tk-close-reason')} else null end,
        ${byKind({
          DELIVERY: sql`case dtype when 'CONSIGNMENT_DELIVERY' then 'VENDOR' when 'ORDER_DELIVERY' then 'WAREHOUSE' else 'INSTALLED_AT' end`,
          HARDWARE_SERVICING: sql`'TECHNICIAN'`,
          INSTALLATION: sql`'WAREHOUSE'`,
        })},
        ${byKind({
          DELIVERY: sql`case dtype when 'CONSIGNMENT_DELIVERY' then (${sql`vd.id`})::text
            when 'ORDER_DELIVERY' then (${sql`wh.id`})::text
            else (${sql`lc.id`})::text end`,
          INSTALLATION: sql`(${sql`wh.id`})::text`,
        })},
        ${byKind({
          DELIVERY: sql`case dtype when 'CONSIGNMENT_DELIVERY' then ${sql`vd.label`}
            when 'ORDER_DELIVERY' then ${sql`wh.label`} else biz end`,
          HARDWARE_SERVICING: sql`'Rohan Verma'`,
          INSTALLATION: sql`${sql`wh.label`}`,
        })},
        case when kind = 'HARDWARE_SERVICING' then ${uuid(staff.technician)} else null end,
        created,
        least(${at}, created + (${sqlHash(n, 'tk-updated')} % (case when closed then ${20 * DAY}::int else ${3 * DAY}::int end)) * interval '1 second'),
        ${byKind({ SITE_INSPECTION: sql`biz` })},
        ${byKind({
          SITE_INSPECTION: sql`${sqlBetween(1, 480, n, 'tk-house')} || ', ' || loc || ', ' || (${cityArrays.names})[ci]`,
          DEMO: sql`${sqlBetween(1, 480, n, 'tk-house')} || ', ' || loc || ', ' || (${cityArrays.names})[ci]`,
        })},
        ${byKind({
          SITE_INSPECTION: sql`jsonb_build_object(
            'latitude', round(((${cityArrays.latitudes})[ci] + (${sqlHash(n, 'tk-lat')} % 16001 - 8000) / 100000.0)::numeric, 6),
            'longitude', round(((${cityArrays.longitudes})[ci] + (${sqlHash(n, 'tk-lng')} % 16001 - 8000) / 100000.0)::numeric, 6))`,
        })},
        ${byKind({ SITE_INSPECTION: sqlMobile('9', n, 300_000_000) })},
        ${byKind({
          // Sending for approval needs two images (the machine's nothingMissing guard): those sent have them.
          SITE_INSPECTION: sql`case when closed or status = 'SENT_FOR_APPROVAL' then jsonb_build_array(
            jsonb_build_object('id', 'si-' || n || '-1', 'relativePath', 'demo/site-parking.svg', 'name', 'parking.svg'),
            jsonb_build_object('id', 'si-' || n || '-2', 'relativePath', 'demo/site-meter-board.svg', 'name', 'meter-board.svg'))
            else '[]'::jsonb end`,
        })},
        ${byKind({ SITE_INSPECTION: sql`(${sql.param([3.3, 7.4, 11, 15, 22, 30, 45, 60, 100])}::float8[])[1 + ${sqlHash(n, 'tk-kw')} % 9]` })},
        ${byKind({ SITE_INSPECTION: pick(values(mountingOptions), 'tk-mounting') })},
        ${byKind({ SITE_INSPECTION: pick(values(protectionOptions), 'tk-protection') })},
        ${byKind({ SITE_INSPECTION: pick(parkingTypes, 'tk-parking') })},
        ${byKind({ CHARGER_APPROVAL: sql`approval` })},
        ${byKind({ CHARGER_APPROVAL: sql`unique_code`, INSTALLATION: sql`unique_code` })},
        ${byKind({ HARDWARE_SERVICING: sql`hw.id` })},
        ${byKind({ HARDWARE_SERVICING: sql`issue`, CHARGER_SERVICING: sql`issue` })},
        ${byKind({
          HARDWARE_SERVICING: sql`(created at time zone 'Asia/Kolkata')::date + ${sqlBetween(3, 14, n, 'tk-available')}::int`,
          CHARGER_SERVICING: sql`(created at time zone 'Asia/Kolkata')::date + ${sqlBetween(1, 7, n, 'tk-available')}::int`,
        })},
        ${byKind({ CUSTOMER_SUPPORT: sql`coalesce(${sql`ph.id`}, ${sqlMobile('7', n, 300_000_000)})` })},
        ${byKind({ CUSTOMER_SUPPORT: sql`category` })},
        ${byKind({
          CUSTOMER_SUPPORT: sql`case when category in ('CHARGING_FAILED', 'REFUND', 'BILLING') then ${sql`bk.id`} else null end`,
          BOOKING_UTILIZATION_ANOMALY: sql`bk.id`,
        })},
        ${byKind({ DEMO: sql`person` })},
        ${byKind({ DEMO: sqlMobile('8', n, 300_000_000), BUNDLE: sqlMobile('8', n, 300_000_000) })},
        ${byKind({ DEMO: sql`created + ${sqlBetween(1, 10, n, 'tk-demo-day')} * interval '1 day'` })},
        ${byKind({ BUNDLE: sql`loc || ' bundle ' || (10 + n % 90)` })},
        ${byKind({ BUNDLE: sqlBetween(5, 50, n, 'tk-bundle-size') })},
        ${byKind({ BUNDLE: sql`${sqlBetween(5, 50, n, 'tk-bundle-size')}::bigint * 65000000` })},
        ${byKind({ BUNDLE: sql`person` })},
        ${byKind({ BOOKING_UTILIZATION_ANOMALY: sql`anomaly` })},
        ${byKind({ BOOKING_UTILIZATION_ANOMALY: sqlBetween(0, 40_000, n, 'tk-billed') })},
        ${byKind({
          BOOKING_UTILIZATION_ANOMALY: sql`case anomaly when 'ZERO_ENERGY' then 0 else ${sqlBetween(0, 40_000, n, 'tk-metered')} end`,
        })},
        ${byKind({ DELIVERY: sql`dtype` })},
        ${byKind({ DELIVERY: sql`case when dtype = 'ORDER_DELIVERY' then ${sql`od.id`} else null end` })},
        null::bigint,
        ${byKind({ DELIVERY: pick(couriers, 'tk-courier') })},
        ${byKind({ DELIVERY: sql`case when status in ('OPEN', 'PACKED') then null else 'AWB' || lpad(n::text, 10, '0') end` })},
        ${byKind({
          // Packing needs an item (the machine's readyToPack guard): every delivery past OPEN has its goods listed.
          DELIVERY: sql`case when status = 'OPEN' and ${h('tk-items')} < 50 then null else jsonb_build_array(jsonb_build_object(
            'name', case dtype when 'ORDER_DELIVERY' then 'EV charger' when 'CONSIGNMENT_DELIVERY' then 'Charger units' else 'Serviced charger' end,
            'quantity', case dtype when 'CONSIGNMENT_DELIVERY' then ${sqlBetween(5, 40, n, 'tk-item-qty')} else 1 end,
            'serialNumber', case when dtype = 'CHARGER_SERVICING_DELIVERY' then 'SN' || upper(substr(md5('serviced-' || n::text), 1, 10)) end)) end`,
        })},
        ${byKind({ INSTALLATION: sqlMobile('9', n, 400_000_000) })},
        ${byKind({ INSTALLATION: sql`'https://qr.czo.example/c/' || unique_code` })},
        ${byKind({ INSTALLATION: sql`cpo.id` })},
        ${byKind({ INSTALLATION: sql`case when ${h('tk-purpose')} < 85 then 'INSTALLATION' else 'DELIVERY' end` })}
      from timed
        ${poolJoin('ch', n, 'tk-charger')}
        ${poolJoin('bk', n, 'tk-booking')}
        ${poolJoin('hw', n, 'tk-hardware')}
        ${poolJoin('lc', n, 'tk-location')}
        ${poolJoin('od', n, 'tk-order')}
        ${poolJoin('vd', n, 'tk-vendor')}
        ${poolJoin('wh', n, 'tk-warehouse')}
        ${poolJoin('cpo', n, 'tk-cpo')}
        ${poolJoin('ph', n, 'tk-phone')}
    `);
    // Thirty-odd indexes (one set per ticket kind) make a row-by-row load slow: build them once afterwards.
    if (target - existing >= existing) await withIndexesSetAside(tx, 'tickets', async () => void (await insert()));
    else await insert();
    // Links between tickets, once their ids exist: deliveries of serviced chargers, installations fed by a delivery.
    const link = (salt: string) => sql`pool.rn = 1 + ${sqlHash(sql`t.id`, salt)} % greatest((select c from pool_n), 1)`;
    await tx.execute(sql`
      with pool as (select id, row_number() over (order by id) as rn from tickets where kind = 'CHARGER_SERVICING'),
        pool_n as (select count(*)::int as c from pool)
      update tickets t set charger_servicing_ticket_id = pool.id
      from pool
      where ${link('tk-cst')}
        and t.kind = 'DELIVERY' and t.delivery_ticket_type = 'CHARGER_SERVICING_DELIVERY' and t.charger_servicing_ticket_id is null
    `);
    await tx.execute(sql`
      with pool as (select id, row_number() over (order by id) as rn from tickets where kind = 'DELIVERY'),
        pool_n as (select count(*)::int as c from pool)
      update tickets t set source_type = 'DELIVERY', source_id = null, source_name = null, source_delivery_ticket = pool.id
      from pool
      where ${link('tk-sdt')}
        and t.kind = 'INSTALLATION' and t.purpose_of_assigning = 'DELIVERY' and t.source_delivery_ticket is null
    `);
    // One consignment ticket per consignment delivery (from the delivery's vendor to a warehouse), in step with it.
    await tx.execute(sql`
      with wh as (select id, row_number() over (order by id) as rn from warehouses),
        wh_n as (select count(*)::int as c from wh),
        made as (
          insert into tickets (kind, title, status, priority, created_by, city, consignment_number, vendor, warehouse, number_of_units,
            source_type, source_id, source_name, created_at, updated_at)
          select 'CONSIGNMENT', 'Consignment ' || 'CN' || lpad(d.id::text, 8, '0') || ' from ' || coalesce(d.source_name, 'vendor'),
            case when d.status = 'DELIVERED' then 'RECEIVED' when d.status in ('IN_TRANSIT', 'DELIVERY_FAILED') then 'DISPATCHED'
              when d.status in ('CANCELLED', 'RETURNED') then 'CANCELLED' else 'OPEN' end,
            d.priority, d.created_by, d.city, 'CN' || lpad(d.id::text, 8, '0'),
            case when d.source_id ~ '^[0-9]+$' and exists (select 1 from vendors v where v.id = d.source_id::bigint) then d.source_id::bigint else null end,
            (select wh.id from wh where wh.rn = 1 + ${sqlHash(sql`d.id`, 'tk-cn-wh')} % greatest((select c from wh_n), 1)),
            ${sqlBetween(5, 400, sql`d.id`, 'tk-cn-units')},
            d.source_type, d.source_id, d.source_name, d.created_at - interval '1 day', d.updated_at
          from tickets d
          where d.kind = 'DELIVERY' and d.delivery_ticket_type = 'CONSIGNMENT_DELIVERY' and d.consignment_id is null
          returning id, consignment_number
        )
      update tickets d set consignment_id = made.id
      from made
      where made.consignment_number = 'CN' || lpad(d.id::text, 8, '0') and d.kind = 'DELIVERY'
    `);
    // Host-location sources: a share of installations fed from a delivery name the host location it came through.
    await tx.execute(sql`
      update tickets set source_type = 'HOST_LOCATION'
      where kind = 'INSTALLATION' and source_type = 'DELIVERY' and source_delivery_ticket is not null and id % 3 = 0
    `);
    return target;
  },
};
