// Seed step of the leads: 10,000 × scale inbound and utilization leads, generated in SQL (deterministic picks).
import { sql } from 'drizzle-orm';
import { scaled, sqlBetween, sqlHash, sqlMobile, sqlPick } from './demo-data';
import type { SeedStep } from './seed-context';
import {
  cityArrays,
  countRows,
  poolJoin,
  resourcePool,
  sqlCityIndex,
  sqlPerson,
  staff,
  uuid,
} from './seed-tickets-shared';
import { n, sqlWeighted } from './seed-sql';

/** Leads at scale 1. */
export const LEAD_SEED_BASE = 10_000;
/** How many of the first seeded leads are utilization leads owned by the Super Admin (so "My Leads" has rows). */
const MINE_FIRST = 5;

const inboundNotes = [
  'Enquired about a home charger for a Nexon EV.',
  'Runs an apartment association; wants chargers for 40 flats.',
  'Kirana store owner, interested in hosting a charger.',
  'Fleet operator with 25 electric three-wheelers.',
  'Asked for a call back after 6 pm.',
  'Wants pricing for a 7.4 kW AC charger with installation.',
  'Office campus facility manager; needs a site visit.',
] as const;
const utilizationNotes = [
  'Delivery rider who passes the charger every day.',
  'Auto-rickshaw union near the charger; offered a weekly pass.',
  'Cab driver, charges twice a day; shared the app link.',
  'Food delivery fleet hub 1 km from the charger.',
  'Resident of the next society; no charger at home.',
] as const;

const h = (salt: string) => sql`(${sqlHash(n, salt)} % 100)`;
const YEAR_SECONDS = 365 * 86_400;

/** Seeds the leads: inbound enquiries from every source and utilization leads for chargers, owned by demo staff. */
export const seedLeads: SeedStep = {
  name: 'leads',
  async run({ tx, now, scale }) {
    const target = scaled(LEAD_SEED_BASE, scale);
    const existing = await countRows(tx, 'leads');
    if (existing >= target) return existing;
    const at = sql`${now.toISOString()}::timestamptz`;
    await tx.execute(sql`
      with ${resourcePool('ch', 'chargers')},
      base as (
        select n,
          case when n <= ${MINE_FIRST} or ${h('ld-type')} < 30 then 'UTILIZATION' else 'INBOUND' end as lead_type,
          ${sqlCityIndex(n, 'ld-city')} as ci,
          ${sqlPerson(n, 'ld-person')} as person,
          ${at} - (case when n <= ${MINE_FIRST} then n * 600 else ${sqlHash(n, 'ld-created')} % ${YEAR_SECONDS} end) * interval '1 second' as created
        from generate_series(${existing + 1}::int, ${target}::int) n
      )
      insert into leads (lead_type, name, phone, email, city, source, lead_level, owner, notes, charger, expected_sessions_per_day, created_at, updated_at)
      select
        lead_type,
        person,
        ${sqlMobile('6', n, 200_000_000)},
        case when ${h('ld-email')} < 55
          then lower(regexp_replace(person, '[^A-Za-z]+', '.', 'g')) || n || '@example.in' else null end,
        (${cityArrays.ids})[ci],
        case when lead_type = 'INBOUND'
          then ${sqlWeighted(
            [
              ['WEBSITE', 45],
              ['REFERRAL', 20],
              ['WALK_IN', 10],
              ['CAMPAIGN', 15],
              ['PARTNER', 10],
            ],
            n,
            'ld-source',
          )}
          else ${sqlWeighted(
            [
              ['CAMPAIGN', 5],
              ['REFERRAL', 3],
              ['PARTNER', 2],
            ],
            n,
            'ld-source-u',
          )} end,
        case
          when n <= ${MINE_FIRST} then 'HOT'
          when created < ${at} - interval '90 days' then ${sqlWeighted(
            [
              ['CONVERTED', 3],
              ['LOST', 4],
              ['COLD', 3],
            ],
            n,
            'ld-level-old',
          )}
          else ${sqlWeighted(
            [
              ['COLD', 4],
              ['WARM', 3],
              ['HOT', 2],
              ['CONVERTED', 1],
            ],
            n,
            'ld-level',
          )}
        end,
        case
          when n <= ${MINE_FIRST} then ${uuid(staff.admin)}
          when ${h('ld-owner')} < 15 then null
          when ${h('ld-owner')} < 45 then ${uuid(staff.admin)}
          when ${h('ld-owner')} < 75 then ${uuid(staff.operations)}
          else ${uuid(staff.support)}
        end,
        case when ${h('ld-notes')} < 60 then
          case when lead_type = 'INBOUND' then ${sqlPick(inboundNotes, n, 'ld-note')} else ${sqlPick(utilizationNotes, n, 'ld-note')} end
        else null end,
        case when lead_type = 'UTILIZATION' then ch.id else null end,
        case when lead_type = 'UTILIZATION' then ${sqlBetween(1, 12, n, 'ld-sessions')} else null end,
        created,
        least(${at}, created + (${sqlHash(n, 'ld-updated')} % ${30 * 86_400}) * interval '1 second')
      from base ${poolJoin('ch', n, 'ld-charger')}
    `);
    return target;
  },
};
