// Shared pieces of the chargers module seed: city vocabulary and picks, id pools from other steps, bulk inserts.
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { withIndexesSetAside } from './bulk-load';
import type { ResourceTable } from '@server/resources/build-tables';
import { demoCities, demoCityId } from './seed-cities';
import { sqlHash } from './demo-data';
import { rowsOf } from './seed-sql';

/** Localities and PIN prefix of each demo city (same order as demoCities). */
const cityDetails: Readonly<Record<string, { pin: number; localities: readonly [string, string, string, string]; weight: number }>> = {
  Bengaluru: { pin: 560, localities: ['Koramangala', 'Indiranagar', 'HSR Layout', 'Whitefield'], weight: 14 },
  Mumbai: { pin: 400, localities: ['Andheri West', 'Powai', 'Bandra East', 'Lower Parel'], weight: 10 },
  'New Delhi': { pin: 110, localities: ['Connaught Place', 'Saket', 'Dwarka Sector 10', 'Lajpat Nagar'], weight: 10 },
  Chennai: { pin: 600, localities: ['T. Nagar', 'Velachery', 'Adyar', 'Anna Nagar'], weight: 7 },
  Hyderabad: { pin: 500, localities: ['Gachibowli', 'Banjara Hills', 'Madhapur', 'Kondapur'], weight: 8 },
  Kolkata: { pin: 700, localities: ['Salt Lake Sector V', 'Park Street', 'New Town', 'Ballygunge'], weight: 5 },
  Pune: { pin: 411, localities: ['Hinjewadi Phase 1', 'Kothrud', 'Baner', 'Viman Nagar'], weight: 7 },
  Ahmedabad: { pin: 380, localities: ['Navrangpura', 'Satellite', 'Prahlad Nagar', 'Bodakdev'], weight: 4 },
  Jaipur: { pin: 302, localities: ['Malviya Nagar', 'Vaishali Nagar', 'C-Scheme', 'Mansarovar'], weight: 3 },
  Lucknow: { pin: 226, localities: ['Gomti Nagar', 'Hazratganj', 'Aliganj', 'Indira Nagar'], weight: 3 },
  Chandigarh: { pin: 160, localities: ['Sector 17', 'Sector 35', 'Sector 22', 'Industrial Area Phase 1'], weight: 2 },
  Kochi: { pin: 682, localities: ['Kakkanad', 'Edappally', 'Marine Drive', 'Vyttila'], weight: 3 },
  Coimbatore: { pin: 641, localities: ['RS Puram', 'Gandhipuram', 'Peelamedu', 'Saibaba Colony'], weight: 2 },
  Mysuru: { pin: 570, localities: ['Vijayanagar', 'Kuvempunagar', 'Gokulam', 'Jayalakshmipuram'], weight: 2 },
  Mangaluru: { pin: 575, localities: ['Hampankatta', 'Kadri', 'Bejai', 'Kankanady'], weight: 2 },
  Indore: { pin: 452, localities: ['Vijay Nagar', 'Palasia', 'Rau', 'Bhawarkuan'], weight: 2 },
  Bhopal: { pin: 462, localities: ['MP Nagar', 'Arera Colony', 'Kolar Road', 'New Market'], weight: 1 },
  Nagpur: { pin: 440, localities: ['Dharampeth', 'Sitabuldi', 'Manish Nagar', 'Wardha Road'], weight: 2 },
  Surat: { pin: 395, localities: ['Adajan', 'Vesu', 'Athwa Lines', 'Citylight'], weight: 2 },
  Visakhapatnam: { pin: 530, localities: ['MVP Colony', 'Dwaraka Nagar', 'Gajuwaka', 'Madhurawada'], weight: 2 },
  Bhubaneswar: { pin: 751, localities: ['Saheed Nagar', 'Patia', 'Jaydev Vihar', 'Khandagiri'], weight: 1 },
  Gurugram: { pin: 122, localities: ['DLF Phase 3', 'Sohna Road', 'Golf Course Road', 'Sector 29'], weight: 5 },
  Noida: { pin: 201, localities: ['Sector 18', 'Sector 62', 'Sector 137', 'Greater Noida West'], weight: 4 },
  Thiruvananthapuram: { pin: 695, localities: ['Technopark', 'Kowdiar', 'Pattom', 'Vazhuthacaud'], weight: 1 },
  Panaji: { pin: 403, localities: ['Miramar', 'Altinho', 'Porvorim', 'Dona Paula'], weight: 1 },
  Dehradun: { pin: 248, localities: ['Rajpur Road', 'Clement Town', 'Sahastradhara Road', 'Prem Nagar'], weight: 1 },
};

/** The demo cities with their id, PIN prefix, four localities and weight in the network. */
export const seedCityRows = demoCities.map((c) => {
  const d = cityDetails[c.name];
  if (!d) throw new Error(`No seed details for city ${c.name}`);
  return { ...c, id: demoCityId(c.name, c.state), ...d };
});

/** Street names used in addresses. */
export const streets = ['1st Main Road', '100 Feet Road', 'MG Road', 'Station Road', 'Link Road', '2nd Cross Road', 'Outer Ring Road', 'Service Road', 'Market Road', 'Temple Street'] as const;

/** SQL arrays of the city columns, indexed by a 1-based city index. */
export const citySql = {
  ids: sql`${sql.param(seedCityRows.map((c) => c.id))}::uuid[]`,
  latitudes: sql`${sql.param(seedCityRows.map((c) => c.latitude))}::float8[]`,
  longitudes: sql`${sql.param(seedCityRows.map((c) => c.longitude))}::float8[]`,
  pins: sql`${sql.param(seedCityRows.map((c) => c.pin))}::int[]`,
  names: sql`${sql.param(seedCityRows.map((c) => c.name))}::text[]`,
  /** Four localities per city: city i's are at 4(i-1)+1 .. 4(i-1)+4. */
  localities: sql`${sql.param(seedCityRows.flatMap((c) => [...c.localities]))}::text[]`,
};

/** A 1-based city index for row `n`, weighted by the city's share of the network. */
export function sqlCityIndex(row: SQL, salt: string): SQL {
  const pool = seedCityRows.flatMap((c, i) => Array.from({ length: c.weight }, () => i + 1));
  return sql`(${sql.param(pool)}::int[])[1 + ${sqlHash(row, salt)} % ${pool.length}]`;
}

/** A constant as a SQL literal (JSON documents and text arrays built from constants in this module only). */
export function literal(value: string): SQL {
  return sql.raw(`'${value.replace(/'/g, "''")}'`);
}

/** Ids of a table's rows in id order. */
export async function idsOf(tx: Database, table: ResourceTable, where: SQL = sql`true`): Promise<number[]> {
  const rows = await tx.execute<{ id: number | string }>(sql`select id from ${table} where ${where} order by id`);
  return rowsOf<{ id: number | string }>(rows).map((r) => Number(r.id));
}

/**
 * Runs one bulk INSERT of generated rows into `table`; when the rows added outnumber those there, with its
 * secondary indexes and foreign keys set aside and rebuilt (see withIndexesSetAside).
 */
export async function bulkInsert(tx: Database, table: ResourceTable, sizes: { existing: number; adding: number }, statement: SQL): Promise<void> {
  if (sizes.adding < sizes.existing) {
    await tx.execute(statement);
    return;
  }
  await withIndexesSetAside(tx, getTableName(table), async () => {
    await tx.execute(statement);
  });
}
