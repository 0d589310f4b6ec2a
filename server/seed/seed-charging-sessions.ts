// The charger sessions behind the seeded charging bookings: a booking charging now has its OCPP session on an OCPP
// charger (the charger transaction, the open session and its meter values), as one a charger started would. Some sessions
// sent their last meter value hours ago (a charger that lost the session, or went offline): they are the stale
// sessions staff find and close; the others read a minute or two ago.
import { sql } from 'drizzle-orm';
import { bookings } from '@server/db/tables/bookings';
import type { SeedStep } from './seed-context';
import { scalar } from './seed-sql';
import { sqlNow } from './seed-users-shared';

/** Every third seeded session is live (its last meter value a minute or two ago); the others went quiet hours ago. */
const LIVE_EVERY = 3;
/**
 * OCPP chargers left without a seeded session, the lowest ids: the ones the development fleet and the tests' simulated
 * chargers play, which know of no session (a small database has only a handful of OCPP chargers).
 */
export const FREE_OCPP_CHARGERS = 4;

/**
 * For each charging or paused booking without a session, on its own OCPP charger (the newest ones first, connector 1,
 * none with an open session, the FREE_OCPP_CHARGERS oldest left free; a booking left without a charger has no session
 * and is stale from the start): the charger transaction in progress, the open session (meter start, last energy) and
 * two meter values. The booking moves to that charger and holds no energy or amount yet (a session's are written when
 * it ends); a stale one started hours ago and its last reading came 20 minutes after its start. One statement.
 */
export const seedChargingSessions: SeedStep = {
  name: 'charging sessions',
  async run({ tx, now }) {
    const nowSql = sqlNow(now);
    await tx.execute(sql`
      with live as (
        select b.id, b.started_at, b.energy_wh, row_number() over (order by b.id) as rn
        from ${bookings} b
        where b.status in ('CHARGING', 'PAUSED') and not exists (select 1 from ocpp_sessions s where s.booking_id = b.id)),
      cp as (
        select c.id, c.unique_id, c.sockets -> 0 ->> 'code' as socket, c.city_id, c.charge_point_operator_id, row_number() over (order by c.id desc) as rn,
               count(*) over () as total
        from chargers c
        where c.charger_type = 'OCPP_16_JSON_CHARGER' and c.charger_box_id is not null and c.is_active
          and not exists (select 1 from ocpp_sessions s where s.charger_id = c.id and s.stopped_at is null)),
      pick as materialized (
        select live.id as booking_id, live.rn, cp.id as charger_id, cp.unique_id, cp.socket, cp.city_id, cp.charge_point_operator_id,
               nextval(pg_get_serial_sequence('charger_transactions', 'id'))::bigint as transaction_id,
               greatest(live.energy_wh, 500) as energy_wh,
               1000000 + live.rn * 7919 as meter_start,
               case when live.rn % ${LIVE_EVERY} = 0 then live.started_at else ${nowSql} - interval '3 hours' - live.rn * interval '10 minutes' end as started_at,
               case when live.rn % ${LIVE_EVERY} = 0 then ${nowSql} - (1 + live.rn % 2) * interval '1 minute'
                    else ${nowSql} - interval '3 hours' - live.rn * interval '10 minutes' + interval '20 minutes' end as last_meter_at
        from live join cp on cp.rn = live.rn and cp.rn <= cp.total - ${FREE_OCPP_CHARGERS}),
      t as (
        insert into charger_transactions (id, charger_id, transaction_ref, protocol, meter_start_wh, started_at, status, created_at, updated_at)
        select transaction_id, charger_id, transaction_id::text, 'OCPP', meter_start, started_at, 'IN_PROGRESS', started_at, ${nowSql} from pick
        returning id),
      s as (
        insert into ocpp_sessions (transaction_id, charger_id, connector_id, id_tag, booking_id, meter_start_wh, last_energy_wh, last_power_w, started_at, start_key)
        select transaction_id, charger_id, 1, 'SEED' || booking_id, booking_id, meter_start, meter_start + energy_wh, 7200, started_at,
               '1|' || started_at || '|' || meter_start || '|SEED' || booking_id
        from pick where transaction_id in (select id from t)
        returning transaction_id),
      m as (
        insert into ocpp_meter_values (charger_id, connector_id, transaction_id, sampled_at, energy_wh, power_w)
        select charger_id, 1, transaction_id, sampled_at, energy, 7200
        from pick, lateral (values (started_at + interval '1 minute', meter_start + energy_wh / 10), (last_meter_at, meter_start + energy_wh)) v(sampled_at, energy)
        where transaction_id in (select transaction_id from s))
      update ${bookings} b set charger_id = pick.charger_id, socket_code = coalesce(pick.socket, b.socket_code), started_at = pick.started_at,
             city_id = coalesce(pick.city_id, b.city_id), charge_point_operator_id = pick.charge_point_operator_id, energy_wh = 0, amount = 0
      from pick where b.id = pick.booking_id`);
    return scalar(tx, sql`select count(*) as n from ocpp_sessions where stopped_at is null and booking_id is not null`);
  },
};
