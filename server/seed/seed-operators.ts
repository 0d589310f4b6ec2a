// Seed steps of the charge point operator module: operator details, white-label apps, access requests,
// CPO leads and the location bank. Bulk rows are generated in SQL (generate_series, hash-based picks).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { chargePointOperators } from '@server/db/schema';
import { cpoAccessRequests, cpoLeads, locationBanks, whiteLabelApplications } from '@server/db/tables/operators';
import { firstNames, lastNames, scaled, seededRandom, sqlBetween, sqlHash, sqlMobile, sqlPick } from './demo-data';
import type { SeedStep } from './seed-context';
import { cityRows, citySql, sqlCityIndex } from './seed-finance-support';
import { seedId } from './seed-id';
import { n, rowCount, rowsOf, slug, sqlWeighted } from './seed-sql';

const DAY = 86_400_000;

/** Base sizes at scale 1 (reference data ignores the scale). */
export const operatorSeedSizes = { whiteLabelApps: 10, accessRequests: 60, cpoLeads: 400, locationBanks: 800 } as const;

/** Business details of every demo operator (the foundation's five, then the ones this module adds). */
export const demoOperatorDetails: readonly {
  name: string;
  legalName: string;
  pan: string;
  city: string;
  commissionPercent: number;
  contact: string;
  isActive?: boolean;
}[] = [
  { name: 'CZO Network', legalName: 'CZO Charging Networks Private Limited', pan: 'AAHCC4821K', city: 'Bengaluru', commissionPercent: 0, contact: '9845000101' },
  { name: 'Sahyadri EV Solutions', legalName: 'Sahyadri EV Solutions LLP', pan: 'ACFFS7310M', city: 'Pune', commissionPercent: 18, contact: '9822000202' },
  { name: 'Volt Highway Charging', legalName: 'Volt Highway Charging Private Limited', pan: 'AAGCV2291Q', city: 'Gurugram', commissionPercent: 15, contact: '9810000303' },
  { name: 'GreenGrid Mobility', legalName: 'GreenGrid Mobility Private Limited', pan: 'AAKCG5567R', city: 'Hyderabad', commissionPercent: 20, contact: '9848000404' },
  { name: 'Metro Plug Partners', legalName: 'Metro Plug Partners', pan: 'AAOFM9013B', city: 'Mumbai', commissionPercent: 22, contact: '9820000505' },
  { name: 'Deccan ChargeGrid', legalName: 'Deccan ChargeGrid Private Limited', pan: 'AAJCD3370H', city: 'Hyderabad', commissionPercent: 17.5, contact: '9866000606' },
  { name: 'Coromandel E-Charge', legalName: 'Coromandel E-Charge Solutions Private Limited', pan: 'AAFCC6142N', city: 'Chennai', commissionPercent: 16, contact: '9840000707' },
  { name: 'Yamuna Power Mobility', legalName: 'Yamuna Power Mobility Private Limited', pan: 'AAMCY1804D', city: 'New Delhi', commissionPercent: 19, contact: '9811000808' },
  { name: 'Malabar Green Charge', legalName: 'Malabar Green Charge LLP', pan: 'ABBFM4429E', city: 'Kochi', commissionPercent: 21, contact: '9847000909', isActive: false },
];

const cityOf = (name: string) => {
  const city = cityRows.find((c) => c.name === name);
  if (!city) throw new Error(`Unknown demo city ${name}`);
  return city;
};

/** A GSTIN for a PAN in a state (the check character is a fixed letter: demo data, not a real registration). */
const gstinOf = (stateCode: string, pan: string) => `${stateCode}${pan}1Z${pan[3]}`;

/** Adds the module's operators and fills in the business details of every demo operator that has none. */
export const seedOperatorDetails: SeedStep = {
  name: 'charge point operator details',
  async run({ tx, now }) {
    const details = demoOperatorDetails.map((d, i) => {
      const city = cityOf(d.city);
      return {
        name: d.name,
        legalName: d.legalName,
        gstin: gstinOf(city.gstCode, d.pan),
        contactPhone: d.contact,
        contactEmail: `partners@${slug(d.name).replace(/-/g, '')}.in`,
        cityId: city.id,
        commissionPercent: d.commissionPercent,
        isActive: d.isActive ?? true,
        createdAt: new Date(now.getTime() - (330 - i * 30) * DAY),
      };
    });
    await tx
      .insert(chargePointOperators)
      .values(details.slice(5).map((d) => ({ id: seedId('cpo', d.name), ...d, isOwnNetwork: false, updatedAt: now })))
      .onConflictDoNothing();
    for (const d of details) {
      await tx
        .update(chargePointOperators)
        .set({ legalName: d.legalName, gstin: d.gstin, contactPhone: d.contactPhone, contactEmail: d.contactEmail, cityId: d.cityId, commissionPercent: d.commissionPercent })
        .where(and(eq(chargePointOperators.name, d.name), isNull(chargePointOperators.legalName)));
    }
    return details.length;
  },
};

/** The partner operators (not the network itself), by name. */
async function partnerOperators(tx: Parameters<SeedStep['run']>[0]['tx']): Promise<{ id: string; name: string }[]> {
  return rowsOf<{ id: string; name: string }>(await tx.execute(sql`select id, name from charge_point_operators where not is_own_network order by name`));
}

const brandColours = ['#0B8043', '#1A73E8', '#F4511E', '#8E24AA', '#00897B', '#C0CA33', '#3949AB', '#D81B60', '#6D4C41', '#039BE5'] as const;
const whiteLabelStatusCycle = ['LIVE', 'LIVE', 'BUILDING', 'IN_REVIEW', 'LIVE', 'SUBMITTED', 'LIVE', 'REJECTED', 'BUILDING', 'LIVE'] as const;

/** Seeds the operators' white-label app applications (10; a partner may have a fleet app beside its public app). */
export const seedWhiteLabelApplications: SeedStep = {
  name: 'white-label applications',
  async run({ tx, now }) {
    const target = operatorSeedSizes.whiteLabelApps;
    const existing = await rowCount(tx, whiteLabelApplications);
    if (existing >= target) return existing;
    const operators = await partnerOperators(tx);
    if (operators.length === 0) return existing;
    const values = [];
    for (let i = existing; i < target; i += 1) {
      const op = operators[i % operators.length]!;
      const second = i >= operators.length;
      const key = slug(op.name).replace(/-/g, '');
      const status = whiteLabelStatusCycle[i % whiteLabelStatusCycle.length]!;
      values.push({
        chargePointOperatorId: op.id,
        appName: second ? `${op.name} Fleet` : op.name,
        packageId: `in.${key}.${second ? 'fleet' : 'charging'}`,
        brandColour: brandColours[i % brandColours.length]!,
        domain: second ? `fleet.${key}.in` : `charge.${key}.in`,
        logo: 'demo/white-label.svg',
        status,
        isActive: status !== 'REJECTED',
        createdAt: new Date(now.getTime() - (300 - i * 25) * DAY),
        updatedAt: now,
      });
    }
    await tx.insert(whiteLabelApplications).values(values).onConflictDoNothing();
    return rowCount(tx, whiteLabelApplications);
  },
};

/** Seeds requests from operators' staff for console access (60). */
export const seedCpoAccessRequests: SeedStep = {
  name: 'CPO access requests',
  async run({ tx, now }) {
    const target = operatorSeedSizes.accessRequests;
    const existing = await rowCount(tx, cpoAccessRequests);
    if (existing >= target) return existing;
    const operators = await partnerOperators(tx);
    if (operators.length === 0) return existing;
    const values = [];
    for (let i = existing + 1; i <= target; i += 1) {
      const rnd = seededRandom(7_100 + i);
      const first = firstNames[Math.floor(rnd() * firstNames.length)]!;
      const last = lastNames[Math.floor(rnd() * lastNames.length)]!;
      const op = operators[Math.floor(rnd() * operators.length)]!;
      const ageDays = Math.floor(rnd() * 360);
      const roll = rnd();
      // Recent requests are still waiting; older ones were decided.
      const status = ageDays < 14 ? 'PENDING' : roll < 0.8 ? 'APPROVED' : 'REJECTED';
      values.push({
        chargePointOperatorId: op.id,
        requesterName: `${first} ${last}`,
        requesterPhone: `7${String(306_000_000 + i * 7_919).padStart(9, '0')}`,
        requesterEmail: `${slug(`${first}.${last}`).replace(/-/g, '.')}@${slug(op.name).replace(/-/g, '')}.in`,
        status,
        createdAt: new Date(now.getTime() - ageDays * DAY - Math.floor(rnd() * DAY)),
        updatedAt: now,
      });
    }
    await tx.insert(cpoAccessRequests).values(values);
    return target;
  },
};

const companyPrefixes = ['Swift', 'Urban', 'Metro', 'Green', 'Eco', 'Rapid', 'Bharat', 'Sahyog', 'Shakti', 'Prakash', 'Sri Sai', 'Navyug', 'Apex', 'Vayu', 'Ganga'] as const;
const companySuffixes = ['Fleet Services', 'Logistics', 'Mobility', 'EV Rentals', 'Cabs', 'Motors', 'Infra Projects', 'Realty', 'Hospitality', 'Energy'] as const;

/** Seeds CPO leads: companies that asked to run charge points (400 × scale). */
export const seedCpoLeads: SeedStep = {
  name: 'CPO leads',
  async run({ tx, now, scale }) {
    const target = scaled(operatorSeedSizes.cpoLeads, scale);
    const existing = await rowCount(tx, cpoLeads);
    if (existing >= target) return existing;
    await tx.execute(sql`
      insert into ${cpoLeads} (company_name, contact_name, phone, email, city_id, fleet_size, status, notes, is_active, created_at, updated_at)
      select company || ' Pvt Ltd', first || ' ' || last, ${sqlMobile('7', n, 410_000_000)},
        regexp_replace(lower(first || '.' || last), '[^a-z.]+', '', 'g') || '@' || regexp_replace(lower(company), '[^a-z0-9]+', '', 'g') || '.in',
        (${citySql.ids})[ci], fleet, status,
        case status when 'LOST' then 'Chose another charging partner' when 'DEMO_SCHEDULED' then 'Demo at their depot next week' end,
        ${sqlHash(n, 'cpol-active')} % 20 <> 0,
        created, created
      from (
        select n, ${sqlCityIndex(n, 'cpol-city')} as ci,
          ${sqlPick(companyPrefixes, n, 'cpol-pre')} || ' ' || ${sqlPick(companySuffixes, n, 'cpol-suf')} as company,
          ${sqlPick(firstNames, n, 'cpol-first')} as first, ${sqlPick(lastNames, n, 'cpol-last')} as last,
          -- Most leads run small fleets; a few run hundreds of vehicles.
          case when ${sqlHash(n, 'cpol-big')} % 10 = 0 then ${sqlBetween(200, 2000, n, 'cpol-fleet')} else ${sqlBetween(5, 150, n, 'cpol-fleet')} end as fleet,
          ${sqlWeighted(
            [
              ['NEW', 25],
              ['CONTACTED', 25],
              ['DEMO_SCHEDULED', 12],
              ['NEGOTIATION', 10],
              ['ONBOARDED', 10],
              ['LOST', 18],
            ],
            n,
            'cpol-status',
          )} as status,
          (${now.toISOString()}::timestamptz - (${sqlHash(n, 'cpol-age')} % (365 * 86400)) * interval '1 second') as created
        from generate_series(${existing + 1}::int, ${target}::int) n
      ) s
    `);
    return target;
  },
};

const siteKinds = [
  'Open parking plot',
  'Mall basement parking',
  'Petrol pump forecourt',
  'Apartment visitor parking',
  'Highway dhaba frontage',
  'Tech park surface parking',
  'Metro station parking',
  'Hotel porch parking',
  'Hospital parking',
  'Supermarket parking',
] as const;
const streets = ['MG Road', 'Station Road', 'Outer Ring Road', 'Link Road', '100 Feet Road', 'Service Road', 'Market Road', 'Temple Street', 'Bypass Road', 'Ring Road'] as const;

/** Seeds the location bank: candidate sites with their landlord's terms (800 × scale). */
export const seedLocationBanks: SeedStep = {
  name: 'location banks',
  async run({ tx, now, scale }) {
    const target = scaled(operatorSeedSizes.locationBanks, scale);
    const existing = await rowCount(tx, locationBanks);
    if (existing >= target) return existing;
    await tx.execute(sql`
      insert into ${locationBanks} (name, address, city_id, coordinates, area_sq_ft, monthly_rent, owner_name, owner_phone, status, is_active, created_at, updated_at)
      select kind || ', ' || street || ', ' || (${citySql.names})[ci],
        'Survey No. ' || ${sqlBetween(10, 999, n, 'lb-survey')} || '/' || ${sqlBetween(1, 9, n, 'lb-sub')} || ', ' || street || ', ' || (${citySql.names})[ci] || ', ' || (${citySql.states})[ci],
        (${citySql.ids})[ci],
        jsonb_build_object(
          'latitude', round(((${citySql.latitudes})[ci] + (${sqlHash(n, 'lb-lat')} % 16001 - 8000) / 100000.0)::numeric, 6),
          'longitude', round(((${citySql.longitudes})[ci] + (${sqlHash(n, 'lb-lng')} % 16001 - 8000) / 100000.0)::numeric, 6)
        ),
        area,
        -- Rent per square foot per month of ₹15-60, rounded to ₹500.
        ((area * ${sqlBetween(15, 60, n, 'lb-rate')}) / 500) * 500 * 100,
        ${sqlPick(firstNames, n, 'lb-first')} || ' ' || ${sqlPick(lastNames, n, 'lb-last')},
        ${sqlMobile('9', n, 512_000_000)},
        status, status <> 'REJECTED', created, created
      from (
        select n, ${sqlCityIndex(n, 'lb-city')} as ci,
          ${sqlPick(siteKinds, n, 'lb-kind')} as kind, ${sqlPick(streets, n, 'lb-street')} as street,
          ${sqlBetween(300, 25_000, n, 'lb-area')} as area,
          ${sqlWeighted(
            [
              ['IDENTIFIED', 30],
              ['SITE_VISIT_DONE', 20],
              ['NEGOTIATION', 15],
              ['APPROVED', 12],
              ['ALLOCATED', 10],
              ['REJECTED', 13],
            ],
            n,
            'lb-status',
          )} as status,
          (${now.toISOString()}::timestamptz - (${sqlHash(n, 'lb-age')} % (365 * 86400)) * interval '1 second') as created
        from generate_series(${existing + 1}::int, ${target}::int) n
      ) s
    `);
    return target;
  },
};
