// Seed steps of the network's sites and devices: warehouses, locations, chargers and hardware stock.
// Bulk rows are generated in SQL (generate_series, hash-based picks) so they are deterministic and fast.
import { sql } from 'drizzle-orm';
import { chargers, hardware, locations, warehouses } from '@server/db/tables/chargers';
import { firstNames, lastNames, scaled, sqlBetween, sqlHash } from './demo-data';
import type { SeedStep } from './seed-context';
import {
  bulkInsert,
  citySql,
  idsOf,
  literal,
  seedCityRows,
  sqlCityIndex,
  streets,
} from './seed-chargers-shared';
import { customerUserIds, n, rowCount, rowsOf, sqlAgo, sqlPickId, sqlPickUuid, sqlWeighted } from './seed-sql';

const YEAR_SECONDS = 365 * 86_400;

/** Base sizes at scale 1. */
export const chargerSeedSizes = {
  locations: 2_000,
  chargers: 5_000,
  hardware: 6_000,
  transactions: 20_000,
  thirdPartyChargers: 300,
  rfidHistory: 3_000,
  authorizeHistory: 5_000,
} as const;

/** The regional warehouses (fixed, whatever the scale): city, code suffix, area. */
const demoWarehouses = [
  { city: 'Bengaluru', code: 'WH-BLR-01', name: 'Bengaluru Central Warehouse', area: 'Peenya Industrial Area, Phase 2' },
  { city: 'Bengaluru', code: 'WH-BLR-02', name: 'Bengaluru East Warehouse', area: 'Whitefield Main Road, Hoodi' },
  { city: 'Mumbai', code: 'WH-BOM-01', name: 'Mumbai Warehouse', area: 'Bhiwandi Logistics Park, Thane' },
  { city: 'New Delhi', code: 'WH-DEL-01', name: 'Delhi NCR Warehouse', area: 'Okhla Industrial Estate, Phase 3' },
  { city: 'Chennai', code: 'WH-MAA-01', name: 'Chennai Warehouse', area: 'Guindy Industrial Estate' },
  { city: 'Hyderabad', code: 'WH-HYD-01', name: 'Hyderabad Warehouse', area: 'Balanagar Industrial Area' },
  { city: 'Pune', code: 'WH-PNQ-01', name: 'Pune Warehouse', area: 'Chakan MIDC, Phase 1' },
  { city: 'Kolkata', code: 'WH-CCU-01', name: 'Kolkata Warehouse', area: 'Dankuni Industrial Hub' },
  { city: 'Ahmedabad', code: 'WH-AMD-01', name: 'Ahmedabad Warehouse', area: 'Changodar Industrial Estate' },
  { city: 'Jaipur', code: 'WH-JAI-01', name: 'Jaipur Warehouse', area: 'Sitapura Industrial Area' },
  { city: 'Lucknow', code: 'WH-LKO-01', name: 'Lucknow Warehouse', area: 'Amausi Industrial Area' },
  { city: 'Kochi', code: 'WH-COK-01', name: 'Kochi Warehouse', area: 'Kalamassery Industrial Estate' },
] as const;

/** Seeds the twelve regional warehouses. */
export const seedWarehouses: SeedStep = {
  name: 'warehouses',
  async run({ tx, now }) {
    const values = demoWarehouses.map((w, i) => {
      const city = seedCityRows.find((c) => c.name === w.city)!;
      return {
        name: w.name,
        code: w.code,
        cityId: city.id,
        address: `Plot ${12 + i * 7}, ${w.area}, ${w.city} ${city.pin * 1000 + 10 + i}`,
        managerName: `${firstNames[(i * 5) % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]}`,
        managerMobileNumber: `98450${String(21_000 + i * 137).padStart(5, '0')}`,
        isActive: w.code !== 'WH-LKO-01',
        createdAt: new Date(now.getTime() - (400 - i * 9) * 86_400_000),
        updatedAt: now,
      };
    });
    await tx.insert(warehouses).values(values).onConflictDoNothing();
    return values.length;
  },
};

/** Location types with their share of sites and four typical premises each. */
const locationKinds: readonly { type: string; weight: number; names: readonly [string, string, string, string] }[] = [
  { type: 'KIRANA_STORE', weight: 30, names: ['Sri Lakshmi Kirana Stores', 'Balaji General Stores', 'Annapurna Provision Store', 'Sai Ram Supermarket'] },
  { type: 'RESIDENTIAL', weight: 25, names: ['Green Leaf Apartments', 'Prestige Lakeside Habitat', 'Sobha Dream Acres', 'Lodha Splendora'] },
  { type: 'COMMERCIAL', weight: 12, names: ['Brigade Gateway', 'Apollo Pharmacy', 'Reliance Fresh', 'Decathlon'] },
  { type: 'OFFICE', weight: 10, names: ['Prestige Tech Park', 'DLF Cyber City', 'RMZ Ecospace', 'Infosys Campus Gate 2'] },
  { type: 'HOTEL', weight: 7, names: ['Hotel Sagar Ratna', 'Kamat Hotel', 'Shanti Sagar', 'Hotel Saravana Bhavan'] },
  { type: 'MALL', weight: 6, names: ['Phoenix Marketcity', 'Orion Mall', 'Forum Mall', 'Nexus Mall'] },
  { type: 'HIGHWAY', weight: 5, names: ['NH 48 Food Plaza', 'Highway King Dhaba', 'A2B Highway Restaurant', 'Expressway Food Court'] },
  { type: 'FUEL_STATION', weight: 5, names: ['Indian Oil Petrol Pump', 'HP Fuel Station', 'BPCL Petrol Pump', 'Nayara Energy Outlet'] },
];

/** Seeds the locations (sites of hosts), 2,000 × scale, spread over the cities by their share. */
export const seedLocations: SeedStep = {
  name: 'locations',
  async run({ tx, now, scale }) {
    const target = scaled(chargerSeedSizes.locations, scale);
    const existing = await rowCount(tx, locations);
    if (existing >= target) return existing;
    const hosts = await customerUserIds(tx);
    const kindPool = locationKinds.flatMap((k, i) => Array.from({ length: k.weight }, () => i + 1));
    const kindNames = sql`${sql.param(locationKinds.flatMap((k) => [...k.names]))}::text[]`;
    const kindTypes = sql`${sql.param(locationKinds.map((k) => k.type))}::text[]`;
    await bulkInsert(tx, locations, { existing, adding: target - existing }, sql`
      insert into ${locations} (name, address, locality, city_id, pin_code, coordinates, host_id, location_type, status, is_active, created_at, updated_at)
      select
        (${kindNames})[(ki - 1) * 4 + 1 + ${sqlHash(n, 'loc-name')} % 4] || ', ' || loc,
        '#' || ${sqlBetween(1, 480, n, 'loc-no')} || ', ' || (${sql.param([...streets])}::text[])[1 + ${sqlHash(n, 'loc-street')} % ${streets.length}]
          || ', ' || loc || ', ' || (${citySql.names})[ci],
        loc,
        (${citySql.ids})[ci],
        ((${citySql.pins})[ci] * 1000 + ${sqlBetween(1, 98, n, 'loc-pin')})::text,
        jsonb_build_object(
          'latitude', round(((${citySql.latitudes})[ci] + (${sqlHash(n, 'loc-lat')} % 16001 - 8000) / 100000.0)::numeric, 6),
          'longitude', round(((${citySql.longitudes})[ci] + (${sqlHash(n, 'loc-lng')} % 16001 - 8000) / 100000.0)::numeric, 6)
        ),
        ${sqlPickUuid(hosts, n, 'loc-host')},
        (${kindTypes})[ki],
        status,
        status <> 'INACTIVE',
        created,
        created
      from (
        select n, ci, ki,
          (${citySql.localities})[(ci - 1) * 4 + 1 + ${sqlHash(n, 'loc-locality')} % 4] as loc,
          ${sqlWeighted(
            [
              ['LIVE', 62],
              ['READY_FOR_INSTALLATION', 10],
              ['PROSPECT', 18],
              ['INACTIVE', 10],
            ],
            n,
            'loc-status',
          )} as status,
          ${sqlAgo(now, YEAR_SECONDS, n, 'loc-created')} as created
        from (
          select n, ${sqlCityIndex(n, 'loc-city')} as ci, (${sql.param(kindPool)}::int[])[1 + ${sqlHash(n, 'loc-kind')} % ${kindPool.length}] as ki
          from generate_series(${existing + 1}::int, ${target}::int) n
        ) picked
      ) s
    `);
    return target;
  },
};

/** Charger types with their share of the fleet (Kirana GSM units are the bulk of a kirana-store network). */
const chargerTypeWeights = [
  ['KIRANA_LITE_GSM', 35],
  ['KIRANA_PLUS_FLEXTRON', 15],
  ['KIRANA_PLUS_FLEXTRON_WIFI', 10],
  ['OCPP_16_JSON_CHARGER', 15],
  ['CHARGE_MOD_BHARAT_AC', 10],
  ['MEKR_OMNI', 8],
  ['EV_POINT_CHARGER', 7],
] as const;

const socket = (code: string, displayText: string, value: number) => ({ code, displayText, value });
const plug16 = socket('16AMP_WALL_SOCKET', '16 Amp Socket', 3.3);
/** Sockets a charger has, by its power type (EV Point chargers have three 16 A sockets). */
const socketsByPower: Readonly<Record<string, readonly ReturnType<typeof socket>[]>> = {
  AC_3_3KW: [plug16],
  AC_7_4KW: [socket('TYPE_2', 'Type 2', 7.4)],
  AC_22KW: [socket('TYPE_2', 'Type 2', 22)],
  DC_15KW_001: [socket('BHARAT_DC_001', 'Bharat DC-001', 15)],
  DC_30KW_CCS2: [socket('CCS_2', 'CCS 2', 30)],
  DC_60KW_CCS2: [socket('CCS_2', 'CCS 2', 60), socket('TYPE_2', 'Type 2', 22)],
};

const socketsCase = sql.join(
  [
    sql`case when ct = 'EV_POINT_CHARGER' then ${literal(JSON.stringify([plug16, plug16, plug16]))}::jsonb`,
    sql`when ct = 'CHARGE_MOD_BHARAT_AC' then ${literal(JSON.stringify([socket('BHARAT_AC_001', 'Bharat AC-001', 7.4)]))}::jsonb`,
    ...Object.entries(socketsByPower).map(([power, list]) => sql`when pt = ${literal(power)} then ${literal(JSON.stringify(list))}::jsonb`),
    sql`end`,
  ],
  sql` `,
);

/** A six-byte BLE MAC address from a number (vendor prefix + three bytes of the number). */
const bleMac = (prefix: string, offset: number) =>
  sql`${prefix} || ':' || upper(lpad(to_hex(((n + ${offset}) >> 16) & 255), 2, '0')) || ':' || upper(lpad(to_hex(((n + ${offset}) >> 8) & 255), 2, '0')) || ':' || upper(lpad(to_hex((n + ${offset}) & 255), 2, '0'))`;

/** Seeds the chargers, 5,000 × scale, at live (and a few inactive) locations, with the ids their type needs. */
/** Captive chargers serve a user group (a fleet's or a society's own chargers): each gets one of the active groups. */
export const seedChargerGroups: SeedStep = {
  name: 'charger groups',
  async run({ tx }) {
    await tx.execute(sql`
      update ${chargers} c set group_id = g.id
      from (select id, row_number() over (order by id) as rn, count(*) over () as n from user_groups where is_active) g
      where c.usage_type = 'CAPTIVE' and c.group_id is null and g.rn = (c.id % g.n) + 1`);
    const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${chargers} where group_id is not null`));
    return row?.n ?? 0;
  },
};

export const seedChargers: SeedStep = {
  name: 'chargers',
  async run({ tx, now, scale }) {
    const target = scaled(chargerSeedSizes.chargers, scale);
    const existing = await rowCount(tx, chargers);
    if (existing >= target) return existing;
    const installed = sql`status in ('LIVE', 'INACTIVE')`;
    const [{ sites } = { sites: 0 }] = rowsOf<{ sites: number }>(await tx.execute(sql`select count(*)::int as sites from ${locations} where ${installed}`));
    const siteFilter = sites > 0 ? installed : sql`true`;
    const siteCount = sites > 0 ? sites : await rowCount(tx, locations);
    if (siteCount === 0) throw new Error('Chargers need locations: seed locations first');
    const operators = rowsOf<{ id: string; own: boolean }>(await tx.execute(sql`select id, is_own_network as own from charge_point_operators where is_active order by name`));
    const own = operators.filter((o) => o.own).map((o) => o.id);
    const partners = operators.filter((o) => !o.own).map((o) => o.id);
    const ownPool = own.length > 0 ? own : partners;
    const partnerPool = partners.length > 0 ? partners : own;
    const ago = (salt: string, max: number) => sql`(${sqlHash(n, salt)} % ${max}) * interval '1 second'`;
    await bulkInsert(tx, chargers, { existing, adding: target - existing }, sql`
      with site as (
        select id, city_id, host_id, status, created_at, row_number() over (order by id) as rn from ${locations} where ${siteFilter}
      ),
      typed as (
        select n, ${sqlWeighted(chargerTypeWeights, n, 'chg-type')} as ct, 1 + ${sqlHash(n, 'chg-site')} % ${siteCount} as site_rn,
          ${sqlHash(n, 'chg-conn')} % 100 as conn, ${sqlHash(n, 'chg-off')} % 100 as off
        from generate_series(${existing + 1}::int, ${target}::int) n
      ),
      powered as (
        select typed.*, case
          when ct in ('KIRANA_LITE_GSM', 'KIRANA_PLUS_FLEXTRON', 'KIRANA_PLUS_FLEXTRON_WIFI', 'EV_POINT_CHARGER') then 'AC_3_3KW'
          when ct in ('CHARGE_MOD_BHARAT_AC', 'MEKR_OMNI') then 'AC_7_4KW'
          else ${sqlWeighted(
            [
              ['AC_7_4KW', 30],
              ['AC_22KW', 25],
              ['DC_15KW_001', 15],
              ['DC_30KW_CCS2', 20],
              ['DC_60KW_CCS2', 10],
            ],
            n,
            'chg-power',
          )} end as pt
        from typed
      ),
      placed as (
        select powered.*, site.id as location_id, site.city_id, site.host_id, site.status = 'LIVE' and off >= 4 as active,
          least(${now.toISOString()}::timestamptz, site.created_at + ${ago('chg-created', 45 * 86_400)}) as created
        from powered join site on site.rn = powered.site_rn
      ),
      stated as (
        select placed.*, case
          -- An OCPP charger is online only while a central-system process holds its socket, and none does yet.
          when not active or ct = 'OCPP_16_JSON_CHARGER' then 'OFFLINE'
          when conn < 66 then 'ONLINE'
          when conn < 88 then 'OFFLINE'
          when conn < 94 then 'FAULTED'
          else 'UNDER_MAINTENANCE' end as connectivity
        from placed
      )
      insert into ${chargers} (unique_id, charger_type, device_id, charger_box_id, imei_number, ccu_id, ble_mac_address, chargemod_station_id,
        power_type, sockets, location_id, city_id, charge_point_operator_id, host_id, ocpp_customisation_type, mqtt_broker_key,
        connectivity_status, last_heartbeat_at, usage_type, is_active, created_at, updated_at)
      select
        'CZ' || lpad(n::text, 6, '0'),
        ct,
        case when ct = 'KIRANA_LITE_GSM' then 'KG' || lpad(n::text, 8, '0') when ct = 'EV_POINT_CHARGER' then 'EVP' || lpad(n::text, 7, '0') end,
        case when ct = 'OCPP_16_JSON_CHARGER' then 'CZO-OCPP-' || lpad(n::text, 6, '0') end,
        case when ct in ('CHARGE_MOD_BHARAT_AC', 'MEKR_OMNI') then '8612370' || lpad(n::text, 8, '0') end,
        case when ct in ('KIRANA_PLUS_FLEXTRON', 'KIRANA_PLUS_FLEXTRON_WIFI') then 'CCU' || lpad(n::text, 7, '0') end,
        case when ct in ('KIRANA_PLUS_FLEXTRON', 'KIRANA_PLUS_FLEXTRON_WIFI', 'MEKR_OMNI', 'EV_POINT_CHARGER') then ${bleMac('C8:2B:96', 0)} end,
        case when ct = 'CHARGE_MOD_BHARAT_AC' then 'CMS' || lpad(n::text, 6, '0') end,
        pt,
        ${socketsCase},
        location_id,
        city_id,
        case when ${sqlHash(n, 'chg-cpo')} % 100 < 82 then ${sqlPickUuid(ownPool, n, 'chg-own')} else ${sqlPickUuid(partnerPool, n, 'chg-partner')} end,
        host_id,
        case when ct = 'OCPP_16_JSON_CHARGER' then ${sqlWeighted(
          [
            ['ABB_7KW_DC_OCPP_16_JSON', 4],
            ['DELTA_AC_MAX_OCPP_16_JSON', 3],
            ['EXICOM_SPIN_AC_OCPP_16_JSON', 2],
            ['STANDARD_OCPP_16_JSON', 1],
          ],
          n,
          'chg-ocpp',
        )} end,
        case when ${sqlHash(n, 'chg-mqtt')} % 100 < 70 then 'RABBIT_MQ_PROPS_DEDICATED' else 'RABBIT_MQ_PROPS_SHARED' end,
        connectivity,
        case when connectivity = 'ONLINE' then ${now.toISOString()}::timestamptz - ${ago('chg-beat', 240)}
          else greatest(created, ${now.toISOString()}::timestamptz - interval '10 minutes' - ${ago('chg-seen', 30 * 86_400)}) end,
        ${sqlWeighted(
          [
            ['PUBLIC', 80],
            ['PRIVATE', 12],
            ['CAPTIVE', 8],
          ],
          n,
          'chg-usage',
        )},
        active,
        created,
        created
      from stated
      on conflict do nothing
    `);
    return target;
  },
};

/** Purchase price range (rupees) of a unit by hardware type. */
const priceRange: Readonly<Record<string, readonly [number, number]>> = {
  KIRANA_LITE_GSM: [14_500, 18_000],
  KIRANA_PLUS_FLEXTRON: [16_000, 21_000],
  KIRANA_PLUS_FLEXTRON_WIFI: [17_500, 23_000],
  OCPP_16_JSON_CHARGER: [65_000, 6_20_000],
  CHARGE_MOD_BHARAT_AC: [55_000, 75_000],
  MEKR_OMNI: [28_000, 35_000],
  EV_POINT_CHARGER: [38_000, 48_000],
};
const priceCase = sql.join(
  [
    sql`case`,
    ...Object.entries(priceRange).map(([type, [min, max]]) => sql`when ht = ${literal(type)} then ${sqlBetween(min, max, n, 'hw-price')}`),
    sql`else 20000 end`,
  ],
  sql` `,
);

/** Seeds the hardware units, 6,000 × scale: installed units and the stock of each warehouse by status. */
export const seedHardware: SeedStep = {
  name: 'hardware',
  async run({ tx, now, scale }) {
    const target = scaled(chargerSeedSizes.hardware, scale);
    const existing = await rowCount(tx, hardware);
    if (existing >= target) return existing;
    const warehouseIds = await idsOf(tx, warehouses, sql`is_active`);
    const vendorIds = rowsOf<{ id: number }>(await tx.execute(sql`select id from vendors order by id`)).map((r) => Number(r.id));
    await bulkInsert(tx, hardware, { existing, adding: target - existing }, sql`
      with s as (
        select n, ${sqlWeighted(chargerTypeWeights, n, 'hw-type')} as ht,
          ${sqlWeighted(
            [
              ['INSTALLED', 40],
              ['IN_STOCK', 30],
              ['ASSIGNED', 8],
              ['IN_TRANSIT', 8],
              ['UNDER_REPAIR', 9],
              ['SCRAPPED', 5],
            ],
            n,
            'hw-status',
          )} as st,
          (${now.toISOString()}::timestamptz - (${sqlHash(n, 'hw-bought')} % 540) * interval '1 day')::date as bought
        from generate_series(${existing + 1}::int, ${target}::int) n
      )
      insert into ${hardware} (serial_number, device_id, imei_number, hardware_type, status, warehouse_id, vendor_id, purchase_price, purchased_on, created_at, updated_at)
      select
        'HW' || to_char(bought, 'YYMM') || lpad(n::text, 6, '0'),
        case when ht = 'KIRANA_LITE_GSM' then 'KG9' || lpad(n::text, 7, '0') when ht = 'EV_POINT_CHARGER' then 'EVP9' || lpad(n::text, 6, '0')
          when ht in ('KIRANA_PLUS_FLEXTRON', 'KIRANA_PLUS_FLEXTRON_WIFI') then 'CCU9' || lpad(n::text, 6, '0')
          when ht = 'OCPP_16_JSON_CHARGER' then 'CZO-OCPP-9' || lpad(n::text, 5, '0') end,
        case when ht in ('CHARGE_MOD_BHARAT_AC', 'MEKR_OMNI') then '8612371' || lpad(n::text, 8, '0') end,
        ht,
        st,
        case when st = 'INSTALLED' then null else ${sqlPickId(warehouseIds, n, 'hw-warehouse')} end,
        ${sqlPickId(vendorIds, n, 'hw-vendor')},
        (${priceCase}) * 100,
        bought,
        bought::timestamp at time zone 'Asia/Kolkata' + interval '11 hours',
        bought::timestamp at time zone 'Asia/Kolkata' + interval '11 hours'
      from s
      on conflict do nothing
    `);
    return target;
  },
};
