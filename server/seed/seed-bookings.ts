// Seed steps of bookings and promo codes. Bookings are the largest table of the demo (100k at scale 1, 1M at
// scale 10): one INSERT … SELECT over generate_series, hash-based picks, no per-row round trips.
import { sql, type SQL } from 'drizzle-orm';
import { bookings, promoCodes } from '@server/db/tables/bookings';
import { scaled, seededRandom, sqlHash } from './demo-data';
import { withIndexesSetAside } from './bulk-load';
import type { SeedStep } from './seed-context';
import { CUSTOMER_PREFIX, g, sqlCityId, sqlNow } from './seed-users-shared';
import { columnsOf, rowsOf, scalar, sqlWeighted } from './seed-sql';
import { paymentLegs } from '@server/bookings/booking-money';
import { postMany, type PostingInput } from '@server/ledger/ledger';

/** Base sizes at scale 1 (promo codes are reference data and ignore the scale). */
export const bookingSeedSizes = {
  bookings: 100_000,
  /** Bookings charging right now (the newest ones), at scale 1 (at least 6 at any scale: journeys close stale ones). */
  charging: 12,
  /** Bookings scheduled for the next hours, at scale 1 (at least 8 at any scale: journeys cancel their own). */
  scheduled: 8,
  promoCodes: 60,
} as const;

/** Fewest bookings charging right now at any scale (journeys close stale ones). */
export const MIN_CHARGING_BOOKINGS = 6;

/** From this many new rows on, indexes are rebuilt once after the insert instead of updated row by row. */
const BULK_ROWS = 20_000;

/**
 * Seeds bookings spread over the last year, booking numbers rising with time (as generated): mostly completed,
 * some cancelled, failed or stopped by an admin, the newest few charging now and a few scheduled. Energy 2–40 kWh by vehicle,
 * tariffs ₹15–₹25 per kWh, amounts in paise. A scheduled booking is booked from the wallet, its amount the advance
 * for a full charge (paid by the booking-payments step). Chargers come from the chargers step (null when there are none).
 */
export const seedBookings: SeedStep = {
  name: 'bookings',
  async run({ tx, now, scale }) {
    const target = scaled(bookingSeedSizes.bookings, scale, 100);
    const charging = scaled(bookingSeedSizes.charging, scale, MIN_CHARGING_BOOKINGS);
    const scheduled = scaled(bookingSeedSizes.scheduled, scale, 8);
    const existing = await scalar(tx, sql`select count(*) as n from ${bookings}`);
    const customers = await scalar(tx, sql`select count(*) as n from users where mobile_number like ${`${CUSTOMER_PREFIX}%`} and is_active`);
    if (existing >= target || customers === 0) return existing;

    const chargerColumns = await columnsOf(tx, 'chargers');
    const chargerCount = chargerColumns.has('id') ? await scalar(tx, sql`select count(*) as n from chargers`) : 0;
    const chargerCte: SQL =
      chargerCount > 0
        ? sql`select id, ${chargerColumns.has('city_id') ? sql`city_id` : sql`null::uuid`} as city_id,
                 ${chargerColumns.has('charge_point_operator_id') ? sql`charge_point_operator_id` : sql`null::uuid`} as cpo_id,
                 ${chargerColumns.has('sockets') ? sql`sockets -> 0 ->> 'code'` : sql`null::text`} as socket,
                 row_number() over (order by id) as rn
              from chargers`
        : sql`select null::bigint as id, null::uuid as city_id, null::uuid as cpo_id, null::text as socket, 0::bigint as rn where false`;

    const nowSql = sqlNow(now);
    const spanSeconds = 365 * 86_400 - 7 * 3_600; // normal bookings end before the last few hours
    const h = (salt: string) => sqlHash(g, salt);
    // Fresh statistics of the tables just seeded, so the planner hash-joins the series to users and chargers.
    await tx.execute(sql`analyze users`);
    if (chargerCount > 0) await tx.execute(sql`analyze chargers`);
    const insert = () =>
      tx.execute(sql`
      with u as (
        select id, mobile_number, row_number() over (order by mobile_number) as rn
        from users where mobile_number like ${`${CUSTOMER_PREFIX}%`} and is_active
      ),
      ch as (${chargerCte})
      insert into ${bookings} (user_id, user_phone, charger_id, socket_code, status, started_at, ended_at, energy_wh, amount, tariff_per_kwh,
                               payment_mode, vehicle_category, city_id, charge_point_operator_id, created_at, updated_at)
      select u.id, u.mobile_number, ch.id, coalesce(ch.socket, b.socket), b.status, b.started_at,
             case when b.status in ('CHARGING', 'SCHEDULED') then null
                  when b.status = 'CANCELLED' then b.started_at + (1 + b.he % 10) * interval '1 minute'
                  else b.started_at + (15 + b.energy_wh / 120) * interval '1 minute' end,
             b.energy_wh, round(case when b.status = 'SCHEDULED' then b.full_wh else b.energy_wh end * b.tariff / 1000.0)::bigint, b.tariff,
             case when b.status = 'SCHEDULED' then 'WALLET' else b.mode end, b.vehicle,
             coalesce(ch.city_id, b.city_id), ch.cpo_id, least(b.started_at, ${nowSql}), ${nowSql}
      from (
        -- Each level computes its values once per row; "offset 0" keeps the planner from inlining a level into
        -- the next, which would evaluate the picks again at every reference.
        select e.*,
               case status when 'COMPLETED' then full_wh
                           when 'STOPPED_BY_ADMIN' then full_wh / 2
                           when 'CHARGING' then full_wh * (10 + he % 80) / 100
                           when 'FAILED' then he % 1500
                           else 0 end as energy_wh,
               case when status = 'CHARGING' then ${nowSql} - (5 + he % 90) * interval '1 minute'
                    when status = 'SCHEDULED' then ${nowSql} + (10 + he % 240) * interval '1 minute'
                    else ${nowSql} - interval '365 days' + ((g - 1)::float8 / ${target} * ${spanSeconds} + he % 3600) * interval '1 second' end as started_at
        from (
          select s.*,
                 case vehicle when 'TWO_WHEELER' then 2000 + he % 4001 when 'THREE_WHEELER' then 4000 + he % 8001 else 8000 + he % 32001 end as full_wh
          from (
            select g,
                   case when g > ${target - charging} then 'CHARGING'
                        when g > ${target - charging - scheduled} then 'SCHEDULED'
                        else ${sqlWeighted([['COMPLETED', 85], ['CANCELLED', 6], ['FAILED', 4], ['STOPPED_BY_ADMIN', 2], ['COMPLETED', 3]], g, 'bk-status')} end as status,
                   ${sqlWeighted([['TWO_WHEELER', 11], ['THREE_WHEELER', 3], ['FOUR_WHEELER', 6]], g, 'bk-vehicle')} as vehicle,
                   ${sqlWeighted([['WALLET', 9], ['UPI', 7], ['CARD', 2], ['POSTPAID', 2]], g, 'bk-mode')} as mode,
                   ${sqlWeighted([['TYPE_2', 3], ['16AMP_WALL_SOCKET', 4], ['CCS_2', 1]], g, 'bk-socket')} as socket,
                   ${sqlCityId(g, 'bk-city')} as city_id,
                   1500 + ${h('bk-tariff')} % 21 * 50 as tariff,
                   ${h('bk-energy')} as he,
                   1 + ${h('bk-user')} % ${customers} as user_rn,
                   ${chargerCount > 0 ? sql`1 + ${h('bk-charger')} % ${chargerCount}` : sql`null::bigint`} as charger_rn
            from generate_series(${existing + 1}::int, ${target}::int) g
            offset 0
          ) s
          offset 0
        ) e
        offset 0
      ) b
      join u on u.rn = b.user_rn
      left join ch on ch.rn = b.charger_rn`);
    // Row numbers are unique, which the planner cannot know: without this it sorts both sides for merge joins.
    await tx.execute(sql`set local enable_mergejoin = off`);
    if (target - existing >= BULK_ROWS) await withIndexesSetAside(tx, 'bookings', async () => void (await insert()));
    else await insert();
    await tx.execute(sql`set local enable_mergejoin = on`);
    return scalar(tx, sql`select count(*) as n from ${bookings}`);
  },
};

const promoThemes = [
  'WELCOME', 'FIRSTCHARGE', 'DIWALI', 'HOLI', 'MONSOON', 'WEEKEND', 'NIGHTOWL', 'GREENMILES', 'EVDAY', 'REPUBLIC',
  'FREEDOM', 'NEWYEAR', 'SUMMER', 'FLEET', 'SOCIETY', 'REFER', 'ONAM', 'PONGAL', 'VOLT', 'AMPUP',
] as const;

/** Seeds the 60 promo codes: percent and flat offers, past, current and upcoming. */
export const seedPromoCodes: SeedStep = {
  name: 'promo codes',
  async run({ tx, now }) {
    const random = seededRandom(6060);
    const day = 86_400_000;
    const values = Array.from({ length: bookingSeedSizes.promoCodes }, (_, i) => {
      const theme = promoThemes[i % promoThemes.length]!;
      const variant = Math.floor(i / promoThemes.length); // 0: 10% off, 1: 25% off, 2: ₹50 off
      const percent = variant < 2;
      const from = new Date(now.getTime() - Math.floor(random() * 340 - 20) * day);
      const to = new Date(from.getTime() + (30 + Math.floor(random() * 90)) * day);
      const started = from.getTime() <= now.getTime();
      const usageLimit = random() < 0.2 ? null : 500 * (1 + Math.floor(random() * 10));
      const timesUsed = started ? Math.floor(random() * (usageLimit ?? 3000)) : 0;
      return {
        code: `${theme}${percent ? (variant === 0 ? 10 : 25) : 50}`,
        description: percent
          ? `${variant === 0 ? 10 : 25}% off a charging session${theme === 'FLEET' || theme === 'SOCIETY' ? ' for group members' : ''}`
          : `Flat ₹50 off a charging session of ₹200 or more`,
        discountType: percent ? 'PERCENT' : 'FLAT',
        value: percent ? (variant === 0 ? 10 : 25) : 50,
        maxDiscount: percent ? (variant === 0 ? 5_000 : 10_000) : null,
        validFrom: from,
        validTo: to,
        usageLimit,
        timesUsed,
        isActive: to.getTime() > now.getTime() && i % 11 !== 10,
        createdAt: new Date(Math.min(from.getTime(), now.getTime()) - 3 * day),
        updatedAt: now,
      };
    });
    await tx.insert(promoCodes).values(values).onConflictDoNothing();
    return bookingSeedSizes.promoCodes;
  },
};

/**
 * Pays the advance of every scheduled wallet booking from its wallet (BOOKING_PAYMENT, `booking-payment:<id>`, as
 * server/bookings/booking-money.ts does), all in one postMany; a booking whose wallet cannot cover its advance was
 * paid by UPI instead. Cancelling one in the console then shows its refund.
 */
export const seedBookingPayments: SeedStep = {
  name: 'booking payments',
  async run({ tx }) {
    const due = rowsOf<{ id: string | number; user_id: string; amount: string | number; credits: string | number }>(
      await tx.execute(sql`
        select b.id, b.user_id, b.amount, coalesce(w.credits, 0) as credits
        from ${bookings} b left join wallets w on w.user_id = b.user_id
        where b.status = 'SCHEDULED' and b.payment_mode = 'WALLET' and b.amount > 0
          and not exists (select 1 from ledger_postings p where p.dedupe_key = 'booking-payment:' || b.id)
        order by b.id`),
    );
    // One wallet may hold several scheduled bookings: each pays while the wallet still covers it.
    const left = new Map<string, number>();
    const paid: PostingInput[] = [];
    const byUpi: number[] = [];
    for (const b of due) {
      const amount = Number(b.amount);
      const balance = left.get(b.user_id) ?? Number(b.credits);
      if (balance < amount) {
        byUpi.push(Number(b.id));
        continue;
      }
      left.set(b.user_id, balance - amount);
      paid.push({ kind: 'BOOKING_PAYMENT', memo: `Advance for scheduled booking ${String(b.id)}`, bookingId: Number(b.id), dedupeKey: `booking-payment:${String(b.id)}`, legs: paymentLegs(b.user_id, amount) });
    }
    if (byUpi.length > 0) await tx.execute(sql`update ${bookings} set payment_mode = 'UPI' where id in (${sql.join(byUpi.map((id) => sql`${id}`), sql`, `)})`);
    await postMany(tx, paid);
    return paid.length;
  },
};
