// Bill period on a postpaid configuration (Invoices): the postpaid bookings charged under it from the
// day after its last billed period (or its first day) to the end of the last complete billing cycle (IST), at its
// price per kWh, on one GST invoice with the next gapless number; the period is a row of postpaid_billing_periods,
// unique per (configuration, first day). The configuration's row is locked first, so two bills of one
// configuration run one after the other and the second finds the first's period.
//
// Which bookings: payment mode POSTPAID, completed or stopped by an admin, started within the period; for a GROUP
// configuration those of the group's members since they joined, for a CPO configuration those on the operator's
// chargers. The amount (price × energy, rounded to the paisa) includes GST, split by the same rule as a booking's
// invoice (bookingInvoiceAmounts). The place of supply is the operator's state (CPO) or the state where most of the
// period's energy was charged (GROUP).
import { sql } from 'drizzle-orm';
import { istDate } from '@domain/invoices';
import { formatDate } from '@domain/format-date';
import { formatKwh } from '@domain/format-energy';
import { addDays, cycleEndOf, periodToBill, type BillingCycle } from '@domain/postpaid-cycles';
import type { Database } from '@server/db/database';
import { conflictProblem, notFoundProblem } from '@server/http/problem';
import { rowsOf } from '@server/db/rows';
import { bookingInvoiceAmounts } from './issue-booking-invoice';
import { nextInvoiceNumber } from './invoice-numbers';

interface ConfigurationRow {
  id: number;
  name: string;
  billed_to: 'GROUP' | 'CPO';
  group_id: number | null;
  charge_point_operator_id: string | null;
  price_per_kwh: number;
  billing_cycle: BillingCycle;
  payment_terms_days: number | null;
  is_active: boolean;
  created_at: Date | string;
}

/** What billing answers: the period's id and whether this call made it (false: nothing new to bill, the last one). */
export interface BilledPeriod {
  id: number;
  created: boolean;
  invoiceId: number | null;
  invoiceNumber: string | null;
}

const dayText = (day: string) => formatDate(`${day}T12:00:00+05:30`);
const refuse = (message: string, detail: string) => conflictProblem(detail, [{ path: 'id', message }]);

async function lockConfiguration(tx: Database, id: number): Promise<ConfigurationRow> {
  const [row] = rowsOf<ConfigurationRow>(
    await tx.execute(sql`
      select id::int as id, name, billed_to, group_id::int as group_id, charge_point_operator_id::text as charge_point_operator_id, price_per_kwh::bigint as price_per_kwh,
        billing_cycle, payment_terms_days::int as payment_terms_days, is_active, created_at
      from postpaid_configurations where id = ${id} for update`),
  );
  if (!row) throw notFoundProblem('No postpaid billing configuration has this id.');
  return row;
}

/** The first day not yet billed: the day after the last billed period, else the configuration's first day (IST). */
async function firstUnbilledDay(tx: Database, configuration: ConfigurationRow): Promise<{ day: string; lastPeriodId: number | null }> {
  const [last] = rowsOf<{ id: number; period_to: string }>(
    await tx.execute(sql`select id::int as id, period_to::text as period_to from postpaid_billing_periods where configuration_id = ${configuration.id} order by period_to desc limit 1`),
  );
  if (last) return { day: addDays(String(last.period_to).slice(0, 10), 1), lastPeriodId: Number(last.id) };
  return { day: istDate(new Date(configuration.created_at)), lastPeriodId: null };
}

/** The postpaid bookings of the configuration started from `from` (IST day) up to `toExclusive` (a moment). */
async function bookingTotals(tx: Database, configuration: ConfigurationRow, from: string, toExclusive: Date | string) {
  const until = typeof toExclusive === 'string' ? sql`(${toExclusive}::date::timestamp at time zone 'Asia/Kolkata')` : sql`${toExclusive.toISOString()}::timestamptz`;
  const whose =
    configuration.billed_to === 'GROUP'
      ? sql`exists (select 1 from user_group_members m where m.group_id = ${configuration.group_id ?? -1} and m.user_id = b.user_id and m.added_at <= b.started_at)`
      : sql`b.charger_id in (select ch.id from chargers ch where ch.charge_point_operator_id = ${configuration.charge_point_operator_id ?? '00000000-0000-0000-0000-000000000000'}::uuid)`;
  const [totals] = rowsOf<{ bookings: number; energy: number; state: string | null }>(
    await tx.execute(sql`
      with billed as (
        select b.energy_wh, b.city_id from bookings b
        where b.payment_mode = 'POSTPAID' and b.status in ('COMPLETED', 'STOPPED_BY_ADMIN')
          and b.started_at >= (${from}::date::timestamp at time zone 'Asia/Kolkata') and b.started_at < ${until}
          and ${whose})
      select (select count(*) from billed)::int as bookings, (select coalesce(sum(energy_wh), 0) from billed)::bigint as energy,
        (select c.state from billed join cities c on c.id = billed.city_id group by c.state order by sum(billed.energy_wh) desc nulls last, c.state limit 1) as state`),
  );
  return { bookings: Number(totals?.bookings ?? 0), energyWh: Number(totals?.energy ?? 0), state: totals?.state ?? null };
}

/**
 * Bills the configuration's next period in the caller's transaction (see the top of this file). Answers the period
 * made, or (created false) the last one billed when no cycle has ended since it. 409 for an inactive configuration,
 * or one whose first cycle has not ended; 404 when there is no such configuration.
 */
export async function billPostpaidPeriod(tx: Database, configurationId: number, now: Date): Promise<BilledPeriod> {
  const configuration = await lockConfiguration(tx, configurationId);
  if (!configuration.is_active) throw refuse('Inactive', `${configuration.name} is inactive: activate it before billing a period.`);
  const { day: from, lastPeriodId } = await firstUnbilledDay(tx, configuration);
  const today = istDate(now);
  const period = periodToBill(configuration.billing_cycle, from, today);
  if (!period) {
    if (lastPeriodId !== null) {
      const [last] = rowsOf<{ invoice_id: number | null; invoice_number: string | null }>(
        await tx.execute(sql`select p.invoice_id::int as invoice_id, i.invoice_number from postpaid_billing_periods p left join invoices i on i.id = p.invoice_id where p.id = ${lastPeriodId}`),
      );
      return { id: lastPeriodId, created: false, invoiceId: last?.invoice_id ?? null, invoiceNumber: last?.invoice_number ?? null };
    }
    const end = cycleEndOf(configuration.billing_cycle, today);
    throw refuse('No complete cycle yet', `${configuration.name} has no complete billing cycle yet: its first period runs from ${dayText(from)} to ${dayText(end)} and can be billed from ${dayText(addDays(end, 1))} (IST).`);
  }
  const totals = await bookingTotals(tx, configuration, period.from, addDays(period.to, 1));
  const price = Number(configuration.price_per_kwh);
  const amount = Math.round((totals.energyWh * price) / 1000);
  let invoice: { id: number; invoiceNumber: string } | null = null;
  if (amount > 0) {
    const [operator] = rowsOf<{ gstin: string | null; state: string | null }>(
      await tx.execute(sql`select o.gstin, c.state from charge_point_operators o left join cities c on c.id = o.city_id where o.id = ${configuration.charge_point_operator_id ?? '00000000-0000-0000-0000-000000000000'}::uuid`),
    );
    const [group] = rowsOf<{ admin_user_id: string | null }>(await tx.execute(sql`select admin_user_id::text as admin_user_id from user_groups where id = ${configuration.group_id ?? -1}`));
    const placeOfSupply = configuration.billed_to === 'CPO' ? (operator?.state ?? totals.state) : totals.state;
    const amounts = await bookingInvoiceAmounts(tx, amount, placeOfSupply);
    const { invoiceNumber } = await nextInvoiceNumber(tx, now);
    const dueOn = addDays(today, configuration.payment_terms_days ?? 15);
    const at = now.toISOString();
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into invoices (invoice_number, customer_id, customer_gstin, place_of_supply, taxable_amount, cgst, sgst, igst, total_amount, issued_on, payment_status, due_on, created_at, updated_at)
        values (${invoiceNumber}, ${group?.admin_user_id ?? null}::uuid, ${configuration.billed_to === 'CPO' ? (operator?.gstin ?? null) : null}, ${placeOfSupply},
          ${amounts.taxableAmount}, ${amounts.cgst}, ${amounts.sgst}, ${amounts.igst}, ${amounts.totalAmount}, ${today}::date, 'UNPAID', ${dueOn}::date, ${at}::timestamptz, ${at}::timestamptz)
        returning id::int as id`),
    );
    invoice = { id: Number(row!.id), invoiceNumber };
  }
  const at = now.toISOString();
  const [made] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into postpaid_billing_periods (configuration_id, period_from, period_to, bookings_count, energy_wh, price_per_kwh, amount, invoice_id, created_at, updated_at)
      values (${configuration.id}, ${period.from}::date, ${period.to}::date, ${totals.bookings}, ${totals.energyWh}, ${price}, ${amount}, ${invoice?.id ?? null}, ${at}::timestamptz, ${at}::timestamptz)
      returning id::int as id`),
  );
  return { id: Number(made!.id), created: true, invoiceId: invoice?.id ?? null, invoiceNumber: invoice?.invoiceNumber ?? null };
}

/**
 * Refuses (409) to inactivate a configuration that has postpaid bookings not yet billed (from its first unbilled
 * day to now): they would never be billed, as Bill period refuses an inactive configuration. Call it in the
 * inactivation's transaction.
 */
export async function assertNothingUnbilled(tx: Database, configurationId: number, now: Date): Promise<void> {
  const configuration = await lockConfiguration(tx, configurationId);
  const { day: from } = await firstUnbilledDay(tx, configuration);
  const totals = await bookingTotals(tx, configuration, from, now);
  if (totals.bookings === 0) return;
  const today = istDate(now);
  const billable = periodToBill(configuration.billing_cycle, from, today);
  const next = billable
    ? `Bill period bills ${dayText(billable.from)} to ${dayText(billable.to)} now`
    : `the cycle running now ends on ${dayText(cycleEndOf(configuration.billing_cycle, today))}, and Bill period bills it from the next day`;
  throw refuse(
    'Unbilled bookings',
    `${configuration.name} has ${totals.bookings} unbilled postpaid booking${totals.bookings === 1 ? '' : 's'} (${formatKwh(totals.energyWh)}) since ${dayText(from)} (IST). Bill them before inactivating it: ${next}.`,
  );
}
