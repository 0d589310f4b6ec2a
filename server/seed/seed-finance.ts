// Seed steps of the finance module: settlements, payouts and GST invoices in bulk (SQL, generate_series,
// hash-based picks), and the small configuration tables (postpaid pricing, investor and lead bundles) in JS.
import { sql } from 'drizzle-orm';
import { investmentLeadBundles, investorBundles, invoices, payouts, postpaidConfigurations, settlements } from '@server/db/tables/finance';
import { scaled, seededRandom, sqlBetween, sqlHash } from './demo-data';
import type { SeedStep } from './seed-context';
import {
  LAKH,
  RUPEE,
  cityRows,
  citySql,
  hostUserIds,
  namedRows,
  sqlCityIndex,
} from './seed-finance-support';
import { columnsOf, customerUserIds, n, rowCount, rowsOf, sqlPickUuid, sqlWeighted, staffUserIds } from './seed-sql';

const DAY = 86_400_000;

/** Base sizes at scale 1 (configuration tables ignore the scale). */
export const financeSeedSizes = {
  settlements: 3_000,
  payouts: 2_000,
  invoices: 20_000,
  postpaidConfigurations: 30,
  investorBundles: 25,
  investmentLeadBundles: 40,
} as const;

const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Seeds host settlements (3,000 × scale): fortnightly periods over the last year; older ones are settled
 * (with a UTR), last month's are still moving through draft, approval and notification.
 */
export const seedSettlements: SeedStep = {
  name: 'settlements',
  async run({ tx, now, scale }) {
    const target = scaled(financeSeedSizes.settlements, scale);
    const existing = await rowCount(tx, settlements);
    if (existing >= target) return existing;
    const hosts = await hostUserIds(tx);
    const nowTs = sql`${now.toISOString()}::timestamptz`;
    await tx.execute(sql`
      insert into ${settlements} (host_id, period_from, period_to, bookings_count, gross_amount, commission, gst, net_payable, status, utr_reference, settled_at, notes, created_at, updated_at)
      select host, pfrom, pto, bookings, gross, commission, gst, gross - commission - gst, status,
        case when status = 'SUCCESS' then 'UTIBN' || lpad((${sqlHash(n, 'stl-utr')} % 100000000000)::text, 11, '0') end,
        case when status = 'SUCCESS' then least(${nowTs}, (pto + ${sqlBetween(3, 9, n, 'stl-settle')})::timestamp at time zone 'Asia/Kolkata' + interval '11 hours') end,
        case when status = 'REJECTED' then 'Rejected: the bank account does not match the host KYC; host asked to update bank details'
             when status = 'PENDING_APPROVAL' and bookings > 250 then 'High booking count: check for test bookings before approval' end,
        least(${nowTs}, (pto + 1)::timestamp at time zone 'Asia/Kolkata' + (${sqlHash(n, 'stl-created')} % 36000) * interval '1 second'),
        least(${nowTs}, (pto + 1)::timestamp at time zone 'Asia/Kolkata' + (${sqlHash(n, 'stl-created')} % 36000) * interval '1 second')
      from (
        select n, host, months_ago, bookings, gross, round(gross * 0.15)::bigint as commission, round(round(gross * 0.15) * 0.18)::bigint as gst,
          case when half = 0 then month_start else month_start + 15 end as pfrom,
          case when half = 0 then month_start + 14 else (month_start + interval '1 month - 1 day')::date end as pto,
          case
            when months_ago = 1 then ${sqlWeighted(
              [
                ['DRAFT', 3],
                ['PENDING_APPROVAL', 3],
                ['NOTIFIED', 3],
                ['REJECTED', 1],
              ],
              n,
              'stl-status',
            )}
            when months_ago = 2 then ${sqlWeighted(
              [
                ['NOTIFIED', 2],
                ['SUCCESS', 7],
                ['REJECTED', 1],
              ],
              n,
              'stl-status',
            )}
            else ${sqlWeighted(
              [
                ['SUCCESS', 47],
                ['REJECTED', 3],
              ],
              n,
              'stl-status',
            )}
          end as status
        from (
          select n, ${sqlPickUuid(hosts, n, 'stl-host')} as host, months_ago, half,
            (date_trunc('month', (${nowTs} at time zone 'Asia/Kolkata')::date) - months_ago * interval '1 month')::date as month_start,
            bookings, bookings * ${sqlBetween(8_000, 40_000, n, 'stl-avg')}::bigint as gross
          from (
            select n, 1 + ${sqlHash(n, 'stl-month')} % 12 as months_ago, ${sqlHash(n, 'stl-half')} % 2 as half, ${sqlBetween(5, 300, n, 'stl-bookings')} as bookings
            from generate_series(${existing + 1}::int, ${target}::int) n
          ) g
        ) p
      ) s
    `);
    return target;
  },
};

/** Seeds payouts to hosts (2,000 × scale): a year of transfers and the next two weeks' scheduled ones. */
export const seedPayouts: SeedStep = {
  name: 'payouts',
  async run({ tx, now, scale }) {
    const target = scaled(financeSeedSizes.payouts, scale);
    const existing = await rowCount(tx, payouts);
    if (existing >= target) return existing;
    const hosts = await hostUserIds(tx);
    const today = sql`${isoDay(now)}::date`;
    await tx.execute(sql`
      insert into ${payouts} (beneficiary_id, amount, mode, scheduled_date, status, reference, notes, is_active, created_at, updated_at)
      select beneficiary, amount, mode, scheduled, status,
        case when status in ('PAID', 'PROCESSING') then
          case mode when 'NEFT' then 'HDFCN' || lpad((${sqlHash(n, 'po-ref')} % 100000000000)::text, 11, '0')
                    else lpad((${sqlHash(n, 'po-ref')} % 1000000000000)::text, 12, '0') end end,
        case status when 'FAILED' then 'Beneficiary account closed; host asked to update bank details'
                    when 'CANCELLED' then 'Cancelled: amount adjusted in the next settlement' end,
        status <> 'CANCELLED',
        created, created
      from (
        select n, beneficiary, amount, scheduled,
          -- UPI transfers stay under the ₹1 lakh UPI limit.
          case when amount > 10000000 and mode = 'UPI' then 'IMPS' else mode end as mode,
          case
            when scheduled > ${today} then 'SCHEDULED'
            when scheduled >= ${today} - 2 then ${sqlWeighted(
              [
                ['PROCESSING', 3],
                ['PAID', 2],
              ],
              n,
              'po-status',
            )}
            else ${sqlWeighted(
              [
                ['PAID', 88],
                ['FAILED', 7],
                ['CANCELLED', 5],
              ],
              n,
              'po-status',
            )}
          end as status,
          least(${now.toISOString()}::timestamptz, (scheduled - 2)::timestamp at time zone 'Asia/Kolkata' + interval '10 hours') as created
        from (
          select n, ${sqlPickUuid(hosts, n, 'po-host')} as beneficiary,
            (${sqlBetween(500, 250_000, n, 'po-amount')})::bigint * 100 as amount,
            ${sqlWeighted(
              [
                ['NEFT', 5],
                ['IMPS', 3],
                ['UPI', 2],
              ],
              n,
              'po-mode',
            )} as mode,
            ${today} - (${sqlHash(n, 'po-day')} % 380 - 15)::int as scheduled
          from generate_series(${existing + 1}::int, ${target}::int) n
        ) g
      ) s
    `);
    return target;
  },
};

/**
 * Seeds GST invoices (20,000 × scale): one per completed booking of the bookings module where it has them
 * (customer, amount and date from the booking), else for a customer picked from the users. 18% GST, split
 * into CGST and SGST, or IGST for the few customers billed from another state. Numbers are gapless per financial
 * year (CZ/2026-27/000123): within a year in order of issue date, then of seed order, continuing the year's counter,
 * and the counters are left at each year's last number. Business (B2B) invoices of the last 90 days are unpaid, due
 * 15 days after issue (as migration 0019 marks invoices that existed before).
 */
export const seedInvoices: SeedStep = {
  name: 'invoices',
  async run({ tx, now, scale }) {
    const target = scaled(financeSeedSizes.invoices, scale);
    const existing = await rowCount(tx, invoices);
    if (existing >= target) return existing;
    const customers = await customerUserIds(tx);
    const bookingColumns = await columnsOf(tx, 'bookings');
    const withBookings = ['id', 'user_id', 'amount', 'started_at', 'status', 'city_id'].every((c) => bookingColumns.has(c));
    // Invoices are spread over all completed bookings (every stride-th one), not just the oldest.
    const completed = withBookings
      ? Number(rowsOf<{ c: number }>(await tx.execute(sql`select count(*)::int as c from bookings where status = 'COMPLETED' and amount > 0`))[0]?.c ?? 0)
      : 0;
    const stride = Math.max(1, Math.floor(completed / target));
    const bookingRows = withBookings
      ? sql`select id, user_id, amount, started_at, city_id, row_number() over (order by id) as rn from bookings where status = 'COMPLETED' and amount > 0`
      : sql`select null::bigint as id, null::uuid as user_id, null::bigint as amount, null::timestamptz as started_at, null::uuid as city_id, null::bigint as rn where false`;
    await tx.execute(sql`
      insert into ${invoices} (invoice_number, customer_id, customer_gstin, booking_id, place_of_supply, taxable_amount, cgst, sgst, igst, total_amount, issued_on, payment_status, due_on, created_at, updated_at)
      select 'CZ/' || fy || '/' || lpad((row_number() over (partition by fy order by issued, n) + coalesce(counter.last_number, 0))::text, 6, '0'), customer,
        case when b2b then (${citySql.gstCodes})[ci] || 'AA' || chr(65 + ${sqlHash(n, 'inv-g1')} % 26) || 'C' || chr(65 + ${sqlHash(n, 'inv-g2')} % 26)
          || lpad((${sqlHash(n, 'inv-g3')} % 10000)::text, 4, '0') || chr(65 + ${sqlHash(n, 'inv-g4')} % 26) || '1Z' || (${sqlHash(n, 'inv-g5')} % 10)::text end,
        booking, (${citySql.states})[ci], taxable,
        case when inter then 0 else round(taxable * 0.09)::bigint end,
        case when inter then 0 else round(taxable * 0.09)::bigint end,
        case when inter then round(taxable * 0.18)::bigint else 0 end,
        taxable + case when inter then round(taxable * 0.18)::bigint else 2 * round(taxable * 0.09)::bigint end,
        issued,
        case when b2b and issued >= ${isoDay(now)}::date - 90 then 'UNPAID' else 'PAID' end,
        case when b2b and issued >= ${isoDay(now)}::date - 90 then issued + 15 end,
        least(${now.toISOString()}::timestamptz, issued::timestamp at time zone 'Asia/Kolkata' + interval '23 hours'),
        least(${now.toISOString()}::timestamptz, issued::timestamp at time zone 'Asia/Kolkata' + interval '23 hours')
      from (select s0.*, fy_start::text || '-' || lpad(((fy_start + 1) % 100)::text, 2, '0') as fy
      from (select s1.*, case when extract(month from issued) >= 4 then extract(year from issued)::int else extract(year from issued)::int - 1 end as fy_start
      from (
        select g.n, b.id as booking,
          coalesce(b.user_id, ${sqlPickUuid(customers, sql`g.n`, 'inv-customer')}) as customer,
          coalesce(array_position(${citySql.ids}, b.city_id), ${sqlCityIndex(sql`g.n`, 'inv-city')}) as ci,
          -- A booking's amount includes GST: the taxable value is amount / 1.18.
          coalesce(round(b.amount / 1.18)::bigint, ${sqlBetween(4_000, 120_000, sql`g.n`, 'inv-amount')}::bigint) as taxable,
          coalesce((b.started_at at time zone 'Asia/Kolkata')::date, ${isoDay(now)}::date - 1 - (${sqlHash(sql`g.n`, 'inv-day')} % 365)::int) as issued,
          ${sqlHash(sql`g.n`, 'inv-b2b')} % 100 < 10 as b2b,
          ${sqlHash(sql`g.n`, 'inv-b2b')} % 100 < 3 as inter
        from generate_series(${existing + 1}::int, ${target}::int) g(n)
        left join (${bookingRows}) b on b.rn = g.n * ${stride}
      ) s1) s0) s
      left join invoice_number_counters counter on counter.financial_year = s.fy
    `);
    await tx.execute(sql`
      insert into invoice_number_counters (financial_year, last_number, updated_at)
      select substring(invoice_number from 4 for 7), max(substring(invoice_number from 12)::int), ${now.toISOString()}::timestamptz
      from ${invoices} where invoice_number ~ '^CZ/[0-9]{4}-[0-9]{2}/[0-9]+$' group by 1
      on conflict (financial_year) do update set last_number = greatest(invoice_number_counters.last_number, excluded.last_number)`);
    return target;
  },
};

/** Seeds postpaid pricing (30): user groups of the users module where it has them, and partner operators. */
export const seedPostpaidConfigurations: SeedStep = {
  name: 'postpaid configurations',
  async run({ tx, now }) {
    const target = financeSeedSizes.postpaidConfigurations;
    const existing = await rowCount(tx, postpaidConfigurations);
    if (existing >= target) return existing;
    const groups = await namedRows<number>(tx, 'user_groups', 'name');
    const operators = rowsOf<{ id: string; name: string }>(await tx.execute(sql`select id, name from charge_point_operators where not is_own_network order by name`));
    const cycles = ['WEEKLY', 'FORTNIGHTLY', 'MONTHLY'] as const;
    const values = [];
    for (let i = existing + 1; i <= target; i += 1) {
      const rnd = seededRandom(9_300 + i);
      const cycle = cycles[Math.floor(rnd() * cycles.length)]!;
      // Two in three configurations bill a group; the rest bill an operator (roaming on the network).
      const group = i % 3 !== 0 && groups.length > 0 ? groups[i % groups.length] : undefined;
      const operator = group ? undefined : operators[i % Math.max(1, operators.length)];
      const name = group ? `${group.name} postpaid` : operator ? `${operator.name} roaming (${cycle.toLowerCase()})` : `Corporate postpaid ${i}`;
      values.push({
        name,
        billedTo: group ? 'GROUP' : 'CPO',
        groupId: group?.id ?? null,
        chargePointOperatorId: operator?.id ?? null,
        pricePerKwh: (14 + Math.floor(rnd() * 11)) * RUPEE + (rnd() < 0.5 ? 50 : 0),
        billingCycle: cycle,
        creditLimit: (50_000 + Math.floor(rnd() * 20) * 50_000) * RUPEE,
        paymentTermsDays: [7, 15, 30][Math.floor(rnd() * 3)]!,
        isActive: rnd() > 0.1,
        createdAt: new Date(now.getTime() - Math.floor(rnd() * 360) * DAY),
        updatedAt: now,
      });
    }
    await tx.insert(postpaidConfigurations).values(values);
    return target;
  },
};

const bundleKinds = [
  { label: '7.4 kW AC', unitPrice: 65_000 },
  { label: '3.3 kW AC', unitPrice: 28_000 },
  { label: '30 kW DC', unitPrice: 6_50_000 },
  { label: '60 kW DC', unitPrice: 12_00_000 },
] as const;
const investorBundleStatuses = [
  ['DEPLOYED', 8],
  ['PAYMENT_RECEIVED', 5],
  ['AGREEMENT_SIGNED', 5],
  ['PROPOSED', 5],
  ['CANCELLED', 2],
] as const;

/** Seeds bundles of chargers sold to investors (25). */
export const seedInvestorBundles: SeedStep = {
  name: 'investor bundles',
  async run({ tx, now }) {
    const target = financeSeedSizes.investorBundles;
    const existing = await rowCount(tx, investorBundles);
    if (existing >= target) return existing;
    const investors = await customerUserIds(tx, 500);
    const statusPool = investorBundleStatuses.flatMap(([s, w]) => Array.from({ length: w }, () => s));
    const values = [];
    for (let i = existing + 1; i <= target; i += 1) {
      const rnd = seededRandom(4_400 + i);
      const kind = bundleKinds[Math.floor(rnd() * bundleKinds.length)]!;
      const city = cityRows[Math.floor(rnd() * 8)]!;
      const chargers = kind.unitPrice > 1_00_000 ? 2 + Math.floor(rnd() * 10) : 10 + Math.floor(rnd() * 41);
      const status = statusPool[(i * 7) % statusPool.length]!;
      const createdAt = new Date(now.getTime() - Math.floor(rnd() * 360) * DAY);
      // Installed price: hardware plus ₹8,000 installation per charger.
      const price = chargers * (kind.unitPrice + 8_000) * RUPEE;
      // The data each state's events brought (machines/investor-bundle.machine.ts): the agreement with Sign
      // agreement, the full price and its UTR with Record payment. A cancelled bundle was cancelled before signing.
      const signed = status === 'AGREEMENT_SIGNED' || status === 'PAYMENT_RECEIVED' || status === 'DEPLOYED';
      const paid = status === 'PAYMENT_RECEIVED' || status === 'DEPLOYED';
      values.push({
        name: `${city.name} ${kind.label} bundle ${String(i).padStart(2, '0')}`,
        investorId: investors[(i * 37) % investors.length]!,
        numberOfChargers: chargers,
        price,
        expectedIrr: Math.round((12 + rnd() * 10) * 10) / 10,
        status,
        agreementReference: signed ? `CZ/IA/${createdAt.getUTCFullYear()}/${String(i).padStart(3, '0')}` : null,
        agreementSignedOn: signed ? isoDay(new Date(Math.min(now.getTime(), createdAt.getTime() + 7 * DAY))) : null,
        amountReceived: paid ? price : null,
        paymentReference: paid ? `UTIB${String(600_000_000 + i * 7_919).padStart(12, '0')}` : null,
        isActive: status !== 'CANCELLED',
        createdAt,
        updatedAt: now,
      });
    }
    await tx.insert(investorBundles).values(values);
    return target;
  },
};

const leadSegments = ['salaried professionals', 'NRI investors', 'business owners', 'retired professionals', 'family offices'] as const;
const leadBundleStatuses = [
  ['OPEN', 4],
  ['IN_DISCUSSION', 3],
  ['CLOSED_WON', 2],
  ['CLOSED_LOST', 1],
] as const;

/** Seeds bundles of investor leads handed to relationship managers (40). */
export const seedInvestmentLeadBundles: SeedStep = {
  name: 'investment lead bundles',
  async run({ tx, now }) {
    const target = financeSeedSizes.investmentLeadBundles;
    const existing = await rowCount(tx, investmentLeadBundles);
    if (existing >= target) return existing;
    const staff = await staffUserIds(tx);
    const statusPool = leadBundleStatuses.flatMap(([s, w]) => Array.from({ length: w }, () => s));
    const values = [];
    for (let i = existing + 1; i <= target; i += 1) {
      const rnd = seededRandom(5_500 + i);
      const city = cityRows[i % 10]!;
      const segment = leadSegments[Math.floor(rnd() * leadSegments.length)]!;
      const leads = 20 + Math.floor(rnd() * 231);
      const status = statusPool[(i * 3) % statusPool.length]!;
      values.push({
        name: `${city.name} ${segment}, batch ${Math.ceil(i / 10)}`,
        cityId: city.id,
        leadsCount: leads,
        // Two to eight lakh rupees expected per lead.
        expectedInvestment: leads * (2 + Math.floor(rnd() * 7)) * LAKH,
        ownerId: staff.length > 0 ? staff[i % staff.length]! : null,
        status,
        notes: status === 'CLOSED_LOST' ? 'Investors preferred fixed deposits this quarter' : null,
        isActive: status !== 'CLOSED_LOST',
        createdAt: new Date(now.getTime() - Math.floor(rnd() * 360) * DAY),
        updatedAt: now,
      });
    }
    await tx.insert(investmentLeadBundles).values(values);
    return target;
  },
};
