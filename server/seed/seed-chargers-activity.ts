// Seed steps of what chargers report: charging transactions, RFID card history and RFID authorize requests.
import { sql } from 'drizzle-orm';
import { chargerTransactions, chargers, rfidAuthorizeRequests, rfidCardHistory, rfidCards } from '@server/db/tables/chargers';
import { scaled, sqlHash } from './demo-data';
import type { SeedContext, SeedStep } from './seed-context';
import { chargerSeedSizes } from './seed-chargers';
import { bulkInsert } from './seed-chargers-shared';
import { customerUserIds, n, rowCount, rowsOf, sqlPickUuid, sqlWeighted, staffUserIds } from './seed-sql';

const DAY = 86_400;

/** Numbered chargers (row_number by id) for picking one per generated row. */
async function chargerCount(ctx: SeedContext): Promise<number> {
  const total = await rowCount(ctx.tx, chargers);
  if (total === 0) throw new Error('Seed chargers first');
  return total;
}

/** Seeds the charging transactions, 20,000 × scale, over the last year; the protocol follows the charger type. */
export const seedChargerTransactions: SeedStep = {
  name: 'charger transactions',
  async run(ctx) {
    const { tx, now, scale } = ctx;
    const target = scaled(chargerSeedSizes.transactions, scale);
    const existing = await rowCount(tx, chargerTransactions);
    if (existing >= target) return existing;
    const total = await chargerCount(ctx);
    const at = sql`${now.toISOString()}::timestamptz`;
    await bulkInsert(tx, chargerTransactions, { existing, adding: target - existing }, sql`
      with ch as (
        select id, charger_type, power_type, row_number() over (order by id) as rn from ${chargers}
      ),
      s as (
        select n, 1 + ${sqlHash(n, 'txn-charger')} % ${total} as charger_rn,
          ${sqlWeighted(
            [
              ['COMPLETED', 88],
              ['STOPPED_BY_ADMIN', 5],
              ['FAILED', 4],
              ['IN_PROGRESS', 3],
            ],
            n,
            'txn-status',
          )} as st,
          600 + ${sqlHash(n, 'txn-duration')} % 20000 as duration,
          ${sqlHash(n, 'txn-ago')} % (365 * ${DAY}) as ago,
          ${sqlHash(n, 'txn-meter')} % 5000000 as meter,
          0.55 + (${sqlHash(n, 'txn-efficiency')} % 40) / 100.0 as efficiency
        from generate_series(${existing + 1}::int, ${target}::int) n
      ),
      j as (
        select s.*, ch.id as charger_id,
          case when ch.charger_type in ('OCPP_16_JSON_CHARGER', 'CHARGE_MOD_BHARAT_AC') then 'OCPP'
            when ch.charger_type like '%FLEXTRON%' then 'FLEXTRON' else 'GSM' end as protocol,
          case ch.power_type when 'AC_3_3KW' then 3.3 when 'AC_7_4KW' then 7.4 when 'AC_22KW' then 22 when 'DC_15KW_001' then 15
            when 'DC_30KW_CCS2' then 30 when 'DC_60KW_CCS2' then 60 else 3.3 end as kw,
          case when s.st = 'IN_PROGRESS' then ${at} - (s.duration % 7200) * interval '1 second'
            else ${at} - (s.ago + s.duration + 3600) * interval '1 second' end as started
        from s join ch on ch.rn = s.charger_rn
      ),
      e as (
        select j.*, case when st = 'FAILED' then 0 when st = 'IN_PROGRESS' then null
          else round(kw * 1000 * duration / 3600.0 * efficiency)::bigint end as energy
        from j
      )
      insert into ${chargerTransactions} (charger_id, transaction_ref, protocol, meter_start_wh, meter_stop_wh, energy_wh, started_at, ended_at,
        status, stop_reason, created_at, updated_at)
      select charger_id,
        case protocol when 'OCPP' then (100000 + n)::text when 'FLEXTRON' then 'FLX' || lpad(n::text, 9, '0') else 'GSM' || lpad(n::text, 9, '0') end,
        protocol,
        meter,
        case when energy is null then null else meter + energy end,
        energy,
        started,
        case when st = 'IN_PROGRESS' then null when st = 'FAILED' then started + interval '40 seconds' else started + duration * interval '1 second' end,
        st,
        case st when 'COMPLETED' then ${sqlWeighted(
          [
            ['EV_DISCONNECTED', 45],
            ['LOCAL', 30],
            ['REMOTE', 17],
            ['POWER_LOSS', 5],
            ['EMERGENCY_STOP', 3],
          ],
          n,
          'txn-reason',
        )} when 'STOPPED_BY_ADMIN' then 'REMOTE' when 'FAILED' then ${sqlWeighted(
          [
            ['OTHER', 3],
            ['POWER_LOSS', 1],
          ],
          n,
          'txn-fail',
        )} end,
        started,
        started
      from e
    `);
    return target;
  },
};

/** The RFID card number (4-byte UID, hex) of card `c`: a bijective scramble, so cards never collide. */
const cardNumber = (c: ReturnType<typeof sql>) => sql`upper(lpad(to_hex(((${c})::bigint * 2654435761) % 4294967296), 8, '0'))`;

/** Wallet credits (paise) a card holder had when seeded: ₹1,000, well above the ₹50 a session needs to start. */
const WELL_FUNDED_PAISE = 100_000;

/**
 * Seeded cards, 1,500 × scale and at least 60 (the development fleet's drivers carry 50 usable ones): the numbers the
 * card history and the authorize requests share.
 */
const seededCards = (scale: number) => Math.floor(scaled(chargerSeedSizes.rfidHistory, scale, 120) / 2);

/**
 * The holder of seeded card `c` (a SQL expression): most cards belong to active customers whose wallet holds
 * WELL_FUNDED_PAISE or more (people who carry a card charge often and top up), the rest to any active customer, so
 * a card is now and then refused for a short wallet, as in life.
 */
async function cardHolder(tx: SeedContext['tx']): Promise<(c: ReturnType<typeof sql>) => ReturnType<typeof sql>> {
  const customers = await customerUserIds(tx);
  const funded = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select u.id from users u join wallets w on w.user_id = u.id
      where u.is_active and not u.operations_locked and w.credits >= ${WELL_FUNDED_PAISE} and not exists (select 1 from czo_users s where s.user_id = u.id)
      order by u.mobile_number limit 5000`),
  ).map((r) => r.id);
  const pool = funded.length > 0 ? funded : customers;
  return (c) => sql`case when ${sqlHash(c, 'rfid-funded')} % 100 < 85 then ${sqlPickUuid(pool, c, 'rfid-user')} else ${sqlPickUuid(customers, c, 'rfid-user')} end`;
}

/**
 * Seeds the RFID card history, 1,500 cards × scale: every card is added to an account; about one in ten was removed
 * later and about one in twelve blocked, the rest are on their holders' accounts and start sessions.
 */
export const seedRfidHistory: SeedStep = {
  name: 'rfid card history',
  async run({ tx, now, scale }) {
    const cards = seededCards(scale);
    const [seeded] = rowsOf<{ n: number }>(await tx.execute(sql`select count(distinct card_number)::int as n from ${rfidCardHistory}`));
    const existing = Number(seeded?.n ?? 0);
    if (existing >= cards) return rowCount(tx, rfidCardHistory);
    const holder = await cardHolder(tx);
    const staff = await staffUserIds(tx);
    const c = sql.raw('c');
    await bulkInsert(tx, rfidCardHistory, { existing, adding: cards - existing }, sql`
      with s as (
        select c, ${sqlHash(c, 'rfid-end')} % 100 as fate,
          ${now.toISOString()}::timestamptz - (30 * ${DAY} + ${sqlHash(c, 'rfid-added')} % (330 * ${DAY})) * interval '1 second' as added
        from generate_series(${existing + 1}::int, ${cards}::int) c
      ),
      e as (
        select c, 'ADDED' as action, ${sqlPickUuid(staff, c, 'rfid-staff')} as staff, added as at from s
        union all
        select c, case when fate < 10 then 'REMOVED' else 'BLOCKED' end, ${sqlPickUuid(staff, c, 'rfid-ended-by')},
          added + (1 + ${sqlHash(c, 'rfid-days')} % 25) * interval '1 day'
        from s where fate < 18
      )
      insert into ${rfidCardHistory} (card_number, user_id, action, acted_by_id, acted_at, created_at, updated_at)
      select ${cardNumber(c)}, ${holder(c)}, action, staff, at, at, at
      from e order by c, at
    `);
    return rowCount(tx, rfidCardHistory);
  },
};

/** Seeds the RFID cards on accounts now from the seeded history: each card whose latest row is not a removal (blocked ones stay blocked). */
export const seedRfidCards: SeedStep = {
  name: 'rfid cards',
  async run({ tx }) {
    await tx.execute(sql`
      insert into ${rfidCards} (card_number, user_id, blocked, added_at, added_by_id, created_at, updated_at)
      select card_number, user_id, action = 'BLOCKED', acted_at, acted_by_id, acted_at, acted_at from (
        select distinct on (card_number) card_number, user_id, action, acted_at, acted_by_id
        from ${rfidCardHistory} order by card_number, acted_at desc, id desc
      ) latest
      where action <> 'REMOVED' and not exists (select 1 from ${rfidCards} held where held.card_number = latest.card_number and held.held)
    `);
    return rowCount(tx, rfidCards);
  },
};

/** Seeds the RFID authorize requests, 5,000 × scale, from the seeded cards at the seeded chargers. */
export const seedAuthorizeHistory: SeedStep = {
  name: 'rfid authorize requests',
  async run(ctx) {
    const { tx, now, scale } = ctx;
    const target = scaled(chargerSeedSizes.authorizeHistory, scale);
    const existing = await rowCount(tx, rfidAuthorizeRequests);
    if (existing >= target) return existing;
    const total = await chargerCount(ctx);
    const cards = seededCards(scale);
    const holder = await cardHolder(tx);
    const c = sql.raw('c');
    await bulkInsert(tx, rfidAuthorizeRequests, { existing, adding: target - existing }, sql`
      with ch as (select id, row_number() over (order by id) as rn from ${chargers}),
      s as (
        select n, 1 + ${sqlHash(n, 'auth-card')} % ${cards} as c, 1 + ${sqlHash(n, 'auth-charger')} % ${total} as charger_rn,
          ${sqlWeighted(
            [
              ['ACCEPTED', 84],
              ['REJECTED', 11],
              ['EXPIRED', 5],
            ],
            n,
            'auth-result',
          )} as result
        from generate_series(${existing + 1}::int, ${target}::int) n
      ),
      r as (
        select s.*, case result when 'REJECTED' then ${sqlWeighted(
          [
            ['Card not registered', 3],
            ['Card blocked', 2],
            ['Insufficient wallet balance', 4],
            ['Charger not open to this user group', 2],
          ],
          n,
          'auth-reason',
        )} when 'EXPIRED' then 'Card validity ended' end as reason
        from s
      )
      insert into ${rfidAuthorizeRequests} (card_number, charger_id, user_id, result, reason, requested_at, created_at, updated_at)
      select ${cardNumber(c)}, ch.id,
        case when reason = 'Card not registered' then null else ${holder(c)} end,
        result, reason,
        ${now.toISOString()}::timestamptz - (${sqlHash(n, 'auth-at')} % (180 * ${DAY})) * interval '1 second',
        ${now.toISOString()}::timestamptz - (${sqlHash(n, 'auth-at')} % (180 * ${DAY})) * interval '1 second',
        ${now.toISOString()}::timestamptz - (${sqlHash(n, 'auth-at')} % (180 * ${DAY})) * interval '1 second'
      from r join ch on ch.rn = r.charger_rn
    `);
    return target;
  },
};
