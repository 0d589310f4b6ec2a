// Seed step of the charger orders: 8,000 × scale, generated in SQL (deterministic hash picks).
import { sql } from 'drizzle-orm';
import { chargerPowerTypeOptions as chargerPowerTypes } from '@domain/charger-power-types';
import { orderTags } from '@domain/resources/orders/order';
import { localities, scaled, sqlBetween, sqlHash, sqlMobile, sqlPick } from './demo-data';
import type { SeedStep } from './seed-context';
import {
  cityArrays,
  countRows,
  customerPhonePool,
  poolJoin,
  sqlCityIndex,
  sqlPerson,
  staff,
  uuid,
} from './seed-tickets-shared';
import { n, sqlWeighted } from './seed-sql';

/** Orders at scale 1. */
export const ORDER_SEED_BASE = 8_000;

/** Unit price in paise of each charger power type (same order as chargerPowerTypes). */
const unitPrices = [12_999_00, 45_000_00, 1_35_000_00, 4_50_000_00, 8_50_000_00, 14_50_000_00];
/** Share of each power type among orders (home AC chargers sell most). */
const productWeights = [30, 40, 12, 8, 6, 4];

const YEAR_SECONDS = 365 * 86_400;
/** Tags a single order may carry (bulk orders get BULK_ORDER and a customer tag). */
const singleOrderTags = orderTags.filter((t) => t !== 'BULK_ORDER');

/** Seeds the orders: most delivered, some cancelled, a recent share still open; many handled by demo staff. */
export const seedOrders: SeedStep = {
  name: 'orders',
  async run({ tx, now, scale }) {
    const target = scaled(ORDER_SEED_BASE, scale);
    const existing = await countRows(tx, 'orders');
    if (existing >= target) return existing;
    const productPool = productWeights.flatMap((w, i) => Array.from({ length: w }, () => i + 1));
    const at = sql`${now.toISOString()}::timestamptz`;
    const h = (salt: string) => sql`(${sqlHash(n, salt)} % 100)`;
    await tx.execute(sql`
      with ${customerPhonePool('ph')},
      base as (
        select n,
          ${sqlCityIndex(n, 'ord-city')} as ci,
          (${sql.param(productPool)}::int[])[1 + ${sqlHash(n, 'ord-product')} % ${productPool.length}] as pi,
          case when ${h('ord-bulk')} < 8 then ${sqlBetween(5, 20, n, 'ord-qty')} when ${h('ord-pair')} < 15 then 2 else 1 end as qty,
          case
            when n <= 3 then 'PLACED'
            when ${h('ord-open')} < 14 then ${sqlWeighted([['PLACED', 3], ['CONFIRMED', 3], ['PACKED', 2], ['SHIPPED', 4]], n, 'ord-open-status')}
            when ${h('ord-cancel')} < 9 then 'CANCELLED'
            else 'DELIVERED'
          end as status,
          ${sqlPerson(n, 'ord-person')} as person
        from generate_series(${existing + 1}::int, ${target}::int) n
      ),
      timed as (
        select b.*,
          case
            when n <= 3 then ${at} - n * interval '7 minutes'
            when status in ('DELIVERED', 'CANCELLED') then ${at} - interval '3 days' - (${sqlHash(n, 'ord-created')} % ${YEAR_SECONDS}) * interval '1 second'
            else ${at} - (${sqlHash(n, 'ord-created')} % ${20 * 86_400}) * interval '1 second'
          end as created
        from base b
      )
      insert into orders (order_number, customer_name, phone, product, quantity, amount, status, tags, delivery_address, city, assignee, created_by, created_at, updated_at)
      select
        'CZO-ORD-' || lpad(n::text, 7, '0'),
        person,
        coalesce(ph.id, ${sqlMobile('8', n, 500_000_000)}),
        (${sql.param(chargerPowerTypes.map((o) => o.value))}::text[])[pi],
        qty,
        (${sql.param(unitPrices)}::bigint[])[pi] * qty,
        status,
        case
          when qty >= 5 then array['BULK_ORDER', ${sqlWeighted([['CORPORATE', 2], ['FLEET', 2], ['HOST_PARTNER', 1]], n, 'ord-tag-bulk')}]
          when ${h('ord-tag')} < 25 then array[${sqlPick(singleOrderTags, n, 'ord-tag-pick')}]
          else '{}'::text[]
        end,
        ${sqlBetween(1, 420, n, 'ord-house')} || ', ' || (${sql.param([...localities])}::text[])[1 + ${sqlHash(n, 'ord-loc')} % ${localities.length}]
          || ', ' || (${cityArrays.names})[ci],
        (${cityArrays.ids})[ci],
        case
          when n <= 3 then ${uuid(staff.admin)}
          when ${h('ord-assignee')} < 10 then null
          when ${h('ord-assignee')} < 40 then ${uuid(staff.admin)}
          when ${h('ord-assignee')} < 75 then ${uuid(staff.operations)}
          else ${uuid(staff.support)}
        end,
        case when ${h('ord-by')} < 30 then ${uuid(staff.support)} else null end,
        created,
        least(${at}, created + (${sqlHash(n, 'ord-updated')} % ${12 * 86_400}) * interval '1 second')
      from timed ${poolJoin('ph', n, 'ord-phone')}
    `);
    return target;
  },
};
