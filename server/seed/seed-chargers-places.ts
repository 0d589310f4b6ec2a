// Seed steps of areas and other networks: operational zones, risk zones and third-party (other network) chargers.
import { sql } from 'drizzle-orm';
import { operationalZones, riskZones, thirdPartyChargers } from '@server/db/tables/chargers';
import { scaled, seededRandom, sqlHash } from './demo-data';
import type { SeedStep } from './seed-context';
import { chargerSeedSizes } from './seed-chargers';
import { bulkInsert, citySql, literal, seedCityRows, sqlCityIndex, streets } from './seed-chargers-shared';
import { n, rowCount, sqlAgo, sqlWeighted, staffUserIds } from './seed-sql';

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const zoneCities = ['Bengaluru', 'Mumbai', 'New Delhi', 'Chennai', 'Hyderabad', 'Pune', 'Kolkata', 'Gurugram'] as const;
const directions = [
  { name: 'North', dLat: 0.07, dLng: 0 },
  { name: 'South', dLat: -0.07, dLng: 0 },
  { name: 'East', dLat: 0, dLng: 0.07 },
  { name: 'West', dLat: 0, dLng: -0.07 },
  { name: 'Central', dLat: 0, dLng: 0 },
] as const;

/** Seeds 40 operational zones: five per large city (North, South, East, West, Central), each with a staff owner. */
export const seedOperationalZones: SeedStep = {
  name: 'operational zones',
  async run({ tx, now }) {
    const existing = await rowCount(tx, operationalZones);
    const staff = await staffUserIds(tx);
    const rows = zoneCities.flatMap((cityName, ci) =>
      directions.map((d, di) => {
        const city = seedCityRows.find((c) => c.name === cityName)!;
        const i = ci * directions.length + di;
        return {
          name: `${cityName} ${d.name}`,
          cityId: city.id,
          centre: { latitude: round6(city.latitude + d.dLat), longitude: round6(city.longitude + d.dLng) },
          radiusKm: d.name === 'Central' ? 6 : 9 + (i % 4),
          ownerId: staff.length > 0 ? staff[i % staff.length]! : null,
          isActive: i % 13 !== 12,
          createdAt: new Date(now.getTime() - (380 - i * 3) * 86_400_000),
          updatedAt: now,
        };
      }),
    );
    const missing = rows.slice(existing);
    if (missing.length > 0) await tx.insert(operationalZones).values(missing);
    return rows.length;
  },
};

const riskKinds = [
  { kind: 'Theft-prone parking', level: 'HIGH', notes: 'Cable and socket thefts reported at night; prefer wall-mounted units inside premises.' },
  { kind: 'Waterlogging underpass', level: 'CRITICAL', notes: 'Floods every monsoon; install on raised plinths only, check earthing after heavy rain.' },
  { kind: 'Vandalism reports', level: 'MEDIUM', notes: 'Display damage reported twice this year; add CCTV coverage before installing.' },
  { kind: 'Weak mobile network', level: 'LOW', notes: 'GSM units go offline often; prefer WiFi or Flextron units here.' },
  { kind: 'Frequent power cuts', level: 'MEDIUM', notes: 'Scheduled load shedding in the afternoons; tell hosts to expect offline alerts.' },
] as const;

/** Seeds 40 risk zones: five localities per large city with a known hazard, centred near the locality. */
export const seedRiskZones: SeedStep = {
  name: 'risk zones',
  async run({ tx, now }) {
    const existing = await rowCount(tx, riskZones);
    const staff = await staffUserIds(tx);
    const random = seededRandom(4242);
    const rows = zoneCities.flatMap((cityName, ci) => {
      const city = seedCityRows.find((c) => c.name === cityName)!;
      return riskKinds.map((k, ki) => {
        const i = ci * riskKinds.length + ki;
        const locality = city.localities[(ci + ki) % city.localities.length]!;
        return {
          name: `${locality}: ${k.kind}`,
          cityId: city.id,
          centre: { latitude: round6(city.latitude + (random() - 0.5) * 0.12), longitude: round6(city.longitude + (random() - 0.5) * 0.12) },
          radiusKm: Math.round((0.5 + random() * 2.5) * 10) / 10,
          ownerId: staff.length > 0 ? staff[(i + 1) % staff.length]! : null,
          riskLevel: k.level,
          notes: k.notes,
          isActive: i % 11 !== 10,
          createdAt: new Date(now.getTime() - (300 - i * 5) * 86_400_000),
          updatedAt: now,
        };
      });
    });
    const missing = rows.slice(existing);
    if (missing.length > 0) await tx.insert(riskZones).values(missing);
    return rows.length;
  },
};

/** Other networks' stations: operator, share, power options (kW) and the connectors at each power. */
const networks = [
  ['Tata Power EZ Charge', 18],
  ['Statiq', 14],
  ['ChargeZone', 10],
  ['Jio-bp pulse', 10],
  ['Zeon Charging', 6],
  ['Ather Grid', 12],
  ['Fortum Charge & Drive', 5],
  ['GLIDA', 5],
  ['Kazam', 8],
  ['EESL', 6],
  ['BPCL Fast Charge', 6],
] as const;
const powerConnectors: readonly (readonly [number, string])[] = [
  [3.3, '{LEV_AC}'],
  [7.4, '{TYPE_2}'],
  [10, '{BHARAT_AC_001}'],
  [15, '{BHARAT_DC_001}'],
  [22, '{TYPE_2}'],
  [30, '{CCS_2}'],
  [60, '{CCS_2,CHADEMO}'],
  [120, '{CCS_2}'],
];

/** Seeds third-party chargers, 300 × scale, in the network's cities. */
export const seedThirdPartyChargers: SeedStep = {
  name: 'third-party chargers',
  async run({ tx, now, scale }) {
    const target = scaled(chargerSeedSizes.thirdPartyChargers, scale);
    const existing = await rowCount(tx, thirdPartyChargers);
    if (existing >= target) return existing;
    const powerIndex = sqlWeighted(
      powerConnectors.map((_, i) => [String(i + 1), [2, 3, 2, 2, 3, 4, 3, 1][i]!] as const),
      n,
      'tpc-power',
    );
    const venues = ['Mall Parking', 'Fuel Station', 'Hotel', 'Metro Station Parking', 'Tech Park', 'Highway Plaza', 'Hub'] as const;
    await bulkInsert(tx, thirdPartyChargers, { existing, adding: target - existing }, sql`
      with s as (
        select n, ci, pi, (${citySql.localities})[(ci - 1) * 4 + 1 + ${sqlHash(n, 'tpc-locality')} % 4] as loc,
          ${sqlWeighted(networks, n, 'tpc-network')} as network
        from (
          select n, ${sqlCityIndex(n, 'tpc-city')} as ci, (${powerIndex})::int as pi
          from generate_series(${existing + 1}::int, ${target}::int) n
        ) picked
      )
      insert into ${thirdPartyChargers} (network_operator_name, station_name, address, city_id, coordinates, power_kw, connector_types, is_active, created_at, updated_at)
      select network,
        network || ' ' || loc || ' ' || (${sql.param([...venues])}::text[])[1 + ${sqlHash(n, 'tpc-venue')} % ${venues.length}],
        ${sqlHash(n, 'tpc-no')} % 300 + 1 || ', ' || (${sql.param([...streets])}::text[])[1 + ${sqlHash(n, 'tpc-street')} % ${streets.length}] || ', ' || loc || ', ' || (${citySql.names})[ci],
        (${citySql.ids})[ci],
        jsonb_build_object(
          'latitude', round(((${citySql.latitudes})[ci] + (${sqlHash(n, 'tpc-lat')} % 20001 - 10000) / 100000.0)::numeric, 6),
          'longitude', round(((${citySql.longitudes})[ci] + (${sqlHash(n, 'tpc-lng')} % 20001 - 10000) / 100000.0)::numeric, 6)
        ),
        (${sql.param(powerConnectors.map(([kw]) => kw))}::float8[])[pi],
        (${literal(`{${powerConnectors.map(([, c]) => `"${c}"`).join(',')}}`)}::text[])[pi]::text[],
        ${sqlHash(n, 'tpc-active')} % 100 >= 5,
        ${sqlAgo(now, 365 * 86_400, n, 'tpc-created')},
        ${sqlAgo(now, 365 * 86_400, n, 'tpc-created')}
      from s
    `);
    return target;
  },
};
