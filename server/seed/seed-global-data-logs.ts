// Bulk logs of global data management (outbound calls, SMS, WhatsApp) and report downloads, generated in SQL
// with generate_series so scale 10 still seeds in seconds. Rows are numbered; a step adds rows existing+1..target.
import { asc, eq, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { describeQuery, exportColumns, reportResources } from '@domain/downloads';
import { maskMobile } from '@domain/phone';
import { listQuerySchema } from '@domain/resource/list-query';
import { resourceByName } from '@domain/resource/registry';
import { envSchema } from '@server/config';
import { czoUsers, smsNotificationLogs, userRoles, users } from '@server/db/schema';
import { downloads, outboundCallLogs, whatsappNotificationLogs } from '@server/db/tables/global-data';
import type { ResourceTable } from '@server/resources/build-tables';
import { localities, scaled, sqlBetween, sqlHash, sqlMobile, sqlPick } from './demo-data';
import type { SeedContext, SeedStep } from './seed-context';
import { demoStaffUserId } from './seed-staff';
import { demoConfiguredColumns, demoNotificationTemplates } from './seed-global-data-reference';
import { rowCount } from './seed-sql';

const n = sql`g.n`;
const YEAR_SECONDS = 365 * 86_400;

/** DOWNLOAD_RETENTION_DAYS's default: a seeded export that ended longer ago than this has had its file deleted. */
const DEFAULT_DOWNLOAD_RETENTION_DAYS: number = envSchema.shape.DOWNLOAD_RETENTION_DAYS.parse(undefined);

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

/**
 * Exports staff asked for, per report type: the list's query as its URL carries it (filters, sort), so a retry asks
 * the list the same (download-job.ts exportSourceOf reads it back as the list reads its URL).
 */
const reportQueries: Readonly<Record<string, readonly string[]>> = {
  BOOKINGS: ['status=COMPLETED', 'status=FAILED&sort=amount,desc', ''],
  CHARGERS: ['connectivityStatus=OFFLINE', 'chargerType=OCPP_16_JSON_CHARGER', ''],
  USERS: ['approvalStatus=PENDING', 'isActive=true'],
  WALLET_LEDGER: [''],
  SETTLEMENTS: ['status=PENDING_APPROVAL', 'status=SUCCESS'],
  PAYOUTS: ['status=PAID', 'mode=UPI'],
  INVOICES: ['paymentStatus=UNPAID', 'paymentStatus=PAID'],
  TICKETS: ['kind=CHARGER_SERVICING&status=OPEN', 'kind=SITE_INSPECTION'],
  LEADS: ['leadType=INBOUND', 'leadType=UTILIZATION&leadLevel=HOT'],
  OUTBOUND_CALLS: ['status=NO_ANSWER'],
};

/** Why a seeded export failed for good, in the words the job worker and the export job record (job-worker.ts). */
const exportFailures = ['Something went wrong while working on it.', 'The worker stopped.'];

/**
 * What a download request stores for each seeded export, as POST /upload-service/download stores it: the list, its
 * query, the summary shown in the downloads list and the columns (the report's default ones). A query the list
 * refuses is a mistake in this file, found at seed time.
 */
function seededRequests(): string[] {
  return Object.entries(reportQueries).flatMap(([reportType, queries]) => {
    const resource = resourceByName(reportResources[reportType]!);
    return queries.map((query) => {
      const search = new URLSearchParams(query);
      if (!listQuerySchema(resource).safeParse(Object.fromEntries(search)).success) throw new Error(`Seeded download query ${reportType} ${query} is not one its list accepts`);
      const columns = exportColumns(resource, demoConfiguredColumns(reportType), undefined).map((c) => c.field);
      return JSON.stringify({ reportType, source: resource.name, query, summary: describeQuery(resource, search), columns: columns.join(',') });
    });
  });
}

/**
 * Seeds report downloads; every third row is the demo Super Admin's. Only states the live system holds without a
 * worker or a file: exports that ended more than the retention period ago (their files deleted: EXPIRED), failed or
 * were cancelled. Each can be retried, which makes its file again. A ready download needs its file on disk and a
 * queued or running one the job queue's work, so none is seeded: new exports show them.
 */
export const seedDownloads: SeedStep = {
  name: 'downloads',
  async run({ tx, now, scale }) {
    const target = scaled(300, scale, 20);
    const existing = await rowCount(tx, downloads);
    if (existing >= target) return existing;
    const admin = demoStaffUserId(DEMO_DOWNLOADER_MOBILE);
    const others = (await staffIds(tx)).filter((id) => id !== admin);
    const bucket = sql`(${sqlHash(n, 'dl-status')} % 100)`;
    const request = sql`(${sqlPick(seededRequests(), n, 'dl-report')})::jsonb`;
    // Asked for at least a day past the retention period ago (an expired file was deleted by then), within the year.
    const earliest = (DEFAULT_DOWNLOAD_RETENTION_DAYS + 1) * 86_400;
    const requestedAt = sql`${now.toISOString()}::timestamptz - make_interval(secs => ${earliest} + ${sqlHash(n, 'dl-at')} % ${YEAR_SECONDS - earliest})`;
    await tx.execute(sql`
      insert into ${downloads} (report_type, filters_summary, status, format, row_count, rows_written, file_path, source, scope, query, column_fields, error,
        requested_by, requested_at, finished_at, created_at, updated_at)
      select
        s.request->>'reportType',
        s.request->>'summary',
        s.status,
        s.format,
        case when s.status <> 'CANCELLED' or s.started then s.rows end,
        case when s.status = 'EXPIRED' then s.rows when s.status = 'FAILED' or s.started then s.rows * s.part / 100 else 0 end,
        null,
        s.request->>'source',
        null,
        s.request->>'query',
        s.request->>'columns',
        case when s.status = 'FAILED' then s.failure end,
        s.requested_by,
        s.requested_at,
        s.requested_at + make_interval(secs => 20 + s.rows % 600),
        s.requested_at,
        s.requested_at + make_interval(secs => 20 + s.rows % 600)
      from (
        select
          g.n,
          ${request} as request,
          case when ${bucket} < 80 then 'EXPIRED' when ${bucket} < 90 then 'FAILED' else 'CANCELLED' end as status,
          case when ${sqlHash(n, 'dl-format')} % 4 = 0 then 'XLSX' else 'CSV' end as format,
          -- Within every report's row limit (the smallest is 50,000).
          ${sqlBetween(12, 50_000, n, 'dl-rows')} as rows,
          ${sqlBetween(5, 95, n, 'dl-part')} as part,
          ${sqlHash(n, 'dl-started')} % 2 = 0 as started,
          ${sqlPick(exportFailures, n, 'dl-error')} as failure,
          case when g.n % 3 = 1 then ${admin}::uuid else ${sqlPick(others, n, 'dl-staff')}::uuid end as requested_by,
          ${requestedAt} as requested_at
        from generate_series(${existing + 1}::int, ${target}::int) as g(n)
      ) s`);
    return target;
  },
};
