// Bulk logs of global data management (outbound calls, SMS, WhatsApp) and report downloads, generated in SQL
// with generate_series so scale 10 still seeds in seconds. Rows are numbered; a step adds rows existing+1..target.
import { asc, eq, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { maskMobile } from '@domain/phone';
import { czoUsers, smsNotificationLogs, userRoles, users } from '@server/db/schema';
import { downloads, outboundCallLogs, whatsappNotificationLogs } from '@server/db/tables/global-data';
import type { ResourceTable } from '@server/resources/build-tables';
import { localities, scaled, sqlBetween, sqlHash, sqlMobile, sqlPick } from './demo-data';
import type { SeedContext, SeedStep } from './seed-context';
import { demoStaffUserId } from './seed-staff';
import { demoNotificationTemplates } from './seed-global-data-reference';
import { rowCount } from './seed-sql';

const n = sql`g.n`;
const YEAR_SECONDS = 365 * 86_400;

/** The demo Super Admin: some downloads are theirs, so My Downloads shows rows after sign-in. */
export const DEMO_DOWNLOADER_MOBILE = '9000000001';

/** Active staff user ids who hold a role (they call customers and export reports), in mobile-number order. */
async function staffIds(tx: SeedContext['tx']): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: users.id, mobileNumber: users.mobileNumber })
    .from(czoUsers)
    .innerJoin(users, eq(users.id, czoUsers.userId))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(czoUsers.isActive, true))
    .orderBy(asc(users.mobileNumber));
  if (rows.length === 0) throw new Error('Seed staff users before the global-data logs');
  return rows.map((r) => r.id);
}

/** Mobile numbers of up to 2,000 customers (users who are not staff), or none when no customers are seeded. */
async function customerMobiles(tx: SeedContext['tx']): Promise<string[]> {
  const rows = await tx
    .select({ mobileNumber: users.mobileNumber })
    .from(users)
    .where(notExists(tx.select({ one: sql`1` }).from(czoUsers).where(eq(czoUsers.userId, users.id))))
    .orderBy(asc(users.mobileNumber))
    .limit(2000);
  return rows.map((r) => r.mobileNumber);
}

/** A customer number for row n: a seeded customer's when there are any, else a generated one. */
function customerPhone(mobiles: readonly string[], salt: string): SQL {
  return mobiles.length > 0 ? sqlPick(mobiles, n, salt) : sqlMobile('8', n, 10_000);
}

/**
 * A masked customer number for row n (maskMobile, as the SMS sender stores every number): a seeded customer's when
 * there are any, else one of 2,000 generated numbers.
 */
function maskedCustomerPhone(mobiles: readonly string[], salt: string): SQL {
  const numbers = mobiles.length > 0 ? mobiles : Array.from({ length: 2000 }, (_, i) => `8${String(10_001 + i).padStart(9, '0')}`);
  return sqlPick(numbers.map(maskMobile), n, salt);
}

/** An instant within the year before `now`, spread by a hash of row n. */
function withinYear(now: Date, salt: string): SQL {
  return sql`(${now.toISOString()}::timestamptz - make_interval(secs => ${sqlHash(n, salt)} % ${YEAR_SECONDS}))`;
}

/** Deterministic uuid for row n of a series (the foundation SMS table has uuid ids). */
function seriesUuid(kind: string): SQL {
  return sql`md5(${`czo-seed:${kind}:`} || ${n}::text)::uuid`;
}

/** Seeds outbound calls staff placed to customers. */
export const seedOutboundCallLogs: SeedStep = {
  name: 'outbound call logs',
  async run({ tx, now, scale }) {
    const target = scaled(5000, scale, 20);
    const existing = await rowCount(tx, outboundCallLogs);
    if (existing >= target) return existing;
    const staff = await staffIds(tx);
    const mobiles = await customerMobiles(tx);
    const bucket = sql`(${sqlHash(n, 'call-status')} % 100)`;
    await tx.execute(sql`
      insert into ${outboundCallLogs} (staff, customer_phone, booking_number, duration_seconds, status, created_at, updated_at)
      select
        ${sqlPick(staff, n, 'call-staff')}::uuid,
        ${customerPhone(mobiles, 'call-customer')},
        case when ${sqlHash(n, 'call-booking')} % 10 < 7 then 'BK' || lpad(${sqlBetween(1, 999_999, n, 'call-booking-no')}::text, 8, '0') end,
        case when ${bucket} < 62 then ${sqlBetween(25, 900, n, 'call-duration')} else 0 end,
        case when ${bucket} < 62 then 'ANSWERED' when ${bucket} < 82 then 'NO_ANSWER' when ${bucket} < 93 then 'BUSY' else 'FAILED' end,
        ${withinYear(now, 'call-at')},
        ${withinYear(now, 'call-at')}
      from generate_series(${existing + 1}::int, ${target}::int) as g(n)`);
    return target;
  },
};

const smsTemplates = [
  ['booking-confirmed', 'Your booking {ref} at CZO {place} is confirmed. Show this SMS at the charger. -CZO'],
  ['charging-started', 'Charging started for booking {ref} at CZO {place}. Track it in the CZO app. -CZO'],
  ['charging-stopped', 'Charging stopped for booking {ref}. See the receipt in the CZO app. -CZO'],
  ['low-wallet-balance', 'Your CZO wallet balance is low. Top up to keep charging. -CZO'],
  ['wallet-topup', 'Your CZO wallet top-up for {ref} is successful. -CZO'],
  ['refund-processed', 'Refund for booking {ref} is credited to your CZO wallet. -CZO'],
  ['ticket-created', 'We have logged your request {ref} for CZO {place}. Our team will call you within 24 hours. -CZO'],
  ['technician-assigned', 'A technician will visit CZO {place} for ticket {ref} tomorrow. -CZO'],
] as const;

/** Seeds SMS logs of customer messages, numbers masked as the SMS sender logs them (sign-in codes are its own rows). */
export const seedSmsNotificationLogs: SeedStep = {
  name: 'SMS notification logs',
  async run({ tx, now, scale }) {
    const target = scaled(5000, scale, 20);
    const existing = await rowCount(tx, smsNotificationLogs as unknown as ResourceTable, ne(smsNotificationLogs.template, 'czo-sign-in-otp'));
    if (existing >= target) return existing;
    const mobiles = await customerMobiles(tx);
    const k = sql`(1 + ${sqlHash(n, 'sms-template')} % ${smsTemplates.length})`;
    const bucket = sql`(${sqlHash(n, 'sms-status')} % 100)`;
    const ref = sql`('BK' || lpad(${sqlBetween(1, 999_999, n, 'sms-ref')}::text, 8, '0'))`;
    await tx.execute(sql`
      insert into ${smsNotificationLogs} (id, mobile_number, template, message, provider, status, created_at, updated_at)
      select
        ${seriesUuid('sms')},
        ${maskedCustomerPhone(mobiles, 'sms-customer')},
        (${sql.param(smsTemplates.map((t) => t[0]))}::text[])[${k}],
        replace(replace((${sql.param(smsTemplates.map((t) => t[1]))}::text[])[${k}], '{ref}', ${ref}), '{place}', ${sqlPick(localities, n, 'sms-place')}),
        ${sqlPick(['msg91', 'msg91', 'gupshup', 'kaleyra'], n, 'sms-provider')},
        case when ${bucket} < 80 then 'delivered' when ${bucket} < 93 then 'sent' else 'failed' end,
        ${withinYear(now, 'sms-at')},
        ${withinYear(now, 'sms-at')}
      from generate_series(${existing + 1}::int, ${target}::int) as g(n)
      on conflict (id) do nothing`);
    return target;
  },
};

const whatsappErrors = [
  '131026: Message undeliverable (number not on WhatsApp)',
  '131047: Re-engagement message: more than 24 hours since the customer replied',
  '131049: Not delivered to maintain healthy ecosystem engagement',
  '130429: Rate limit hit',
  '132001: Template does not exist in the language',
];

/** Seeds WhatsApp logs of the WhatsApp notification templates. */
export const seedWhatsappNotificationLogs: SeedStep = {
  name: 'WhatsApp notification logs',
  async run({ tx, now, scale }) {
    const target = scaled(8000, scale, 20);
    const existing = await rowCount(tx, whatsappNotificationLogs);
    if (existing >= target) return existing;
    const mobiles = await customerMobiles(tx);
    const names = demoNotificationTemplates.filter(([, channel]) => channel === 'WHATSAPP').flatMap(([id]) => [id.toLowerCase(), id.toLowerCase(), `${id.toLowerCase()}_hi`]);
    const bucket = sql`(${sqlHash(n, 'wa-status')} % 100)`;
    await tx.execute(sql`
      insert into ${whatsappNotificationLogs} (mobile_number, template, status, error, created_at, updated_at)
      select
        ${customerPhone(mobiles, 'wa-customer')},
        ${sqlPick(names, n, 'wa-template')},
        case when ${bucket} < 55 then 'READ' when ${bucket} < 85 then 'DELIVERED' when ${bucket} < 94 then 'SENT' else 'FAILED' end,
        case when ${bucket} >= 94 then ${sqlPick(whatsappErrors, n, 'wa-error')} end,
        ${withinYear(now, 'wa-at')},
        ${withinYear(now, 'wa-at')}
      from generate_series(${existing + 1}::int, ${target}::int) as g(n)`);
    return target;
  },
};

const reportFilters: Record<string, readonly string[]> = {
  BOOKINGS: ['City: Bengaluru; last 30 days', 'Status: Completed; October', 'Charger type: OCPP; last 7 days'],
  CHARGERS: ['City: Mumbai', 'Status: Offline', 'All chargers'],
  USERS: ['Joined: last 90 days', 'City: Pune'],
  WALLET_LEDGER: ['Type: Top-up; last month', 'Wallet: fleet accounts'],
  SETTLEMENTS: ['Status: Pending', 'Quarter: Q2'],
  PAYOUTS: ['Paid: last month'],
  INVOICES: ['GST month: September', 'GST month: October'],
  TICKETS: ['Open servicing tickets', 'Installation tickets; last 30 days'],
  LEADS: ['Inbound leads; last 14 days', 'Utilization leads; Hyderabad'],
  OUTBOUND_CALLS: ['Status: No answer; last 7 days'],
};

/** Seeds report downloads; every third row is the demo Super Admin's. Recent rows may still be queued or running. */
export const seedDownloads: SeedStep = {
  name: 'downloads',
  async run({ tx, now, scale }) {
    const target = scaled(300, scale, 20);
    const existing = await rowCount(tx, downloads);
    if (existing >= target) return existing;
    const admin = demoStaffUserId(DEMO_DOWNLOADER_MOBILE);
    const others = (await staffIds(tx)).filter((id) => id !== admin);
    const types = Object.keys(reportFilters);
    const pairs = types.flatMap((t) => reportFilters[t]!.map((f) => `${t}|${f}`));
    const bucket = sql`(${sqlHash(n, 'dl-status')} % 100)`;
    const pair = sqlPick(pairs, n, 'dl-report');
    // Queued and running exports are the newest (minutes old); finished ones are spread over the year.
    const requestedAt = sql`case when ${bucket} >= 97 then ${now.toISOString()}::timestamptz - make_interval(mins => ${sqlBetween(1, 40, n, 'dl-recent')}) else ${withinYear(now, 'dl-at')} end`;
    await tx.execute(sql`
      insert into ${downloads} (report_type, filters_summary, status, row_count, file_path, requested_by, requested_at, finished_at, created_at, updated_at)
      select
        split_part(s.pair, '|', 1),
        split_part(s.pair, '|', 2),
        s.status,
        case when s.status = 'READY' then s.rows end,
        case when s.status = 'READY' then 'downloads/' || to_char(s.requested_at at time zone 'Asia/Kolkata', 'YYYY/MM') || '/' || lower(split_part(s.pair, '|', 1)) || '-' || s.n || '.csv' end,
        s.requested_by,
        s.requested_at,
        case when s.status in ('READY', 'FAILED', 'CANCELLED') then s.requested_at + make_interval(secs => 20 + s.rows % 600) end,
        s.requested_at,
        s.requested_at
      from (
        select
          g.n,
          ${pair} as pair,
          case when ${bucket} < 82 then 'READY' when ${bucket} < 89 then 'FAILED' when ${bucket} < 97 then 'CANCELLED' when ${bucket} < 99 then 'RUNNING' else 'QUEUED' end as status,
          ${sqlBetween(12, 250_000, n, 'dl-rows')} as rows,
          case when g.n % 3 = 1 then ${admin}::uuid else ${sqlPick(others, n, 'dl-staff')}::uuid end as requested_by,
          ${requestedAt} as requested_at
        from generate_series(${existing + 1}::int, ${target}::int) as g(n)
      ) s`);
    return target;
  },
};
