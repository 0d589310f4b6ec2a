// Seed steps of sustain capital: investment opportunities (30, with images) and the investors' leads on them.
import { sql } from 'drizzle-orm';
import { investmentOpportunities, opportunityLeads } from '@server/db/tables/finance';
import { firstNames, lastNames, scaled, seededRandom, sqlBetween, sqlHash, sqlMobile, sqlPick } from './demo-data';
import type { SeedStep } from './seed-context';
import { n, rowCount, rowsOf, slug, sqlWeighted } from './seed-sql';

const DAY = 86_400_000;

/** Base sizes at scale 1 (opportunities ignore the scale). */
export const sustainSeedSizes = { opportunities: 30, opportunityLeads: 1_500 } as const;

/** Sites of the demo opportunities: locality, city, state, PIN code, a landmark and the site's centre. */
const opportunitySites = [
  { locality: 'Koramangala', city: 'Bengaluru', state: 'Karnataka', pin: '560034', landMark: 'Near Forum Mall', lat: 12.9352, lng: 77.6245 },
  { locality: 'Whitefield', city: 'Bengaluru', state: 'Karnataka', pin: '560066', landMark: 'Opposite ITPL Main Gate', lat: 12.9698, lng: 77.75 },
  { locality: 'Electronic City Phase 1', city: 'Bengaluru', state: 'Karnataka', pin: '560100', landMark: 'Near Infosys Gate 1', lat: 12.8452, lng: 77.6602 },
  { locality: 'Powai', city: 'Mumbai', state: 'Maharashtra', pin: '400076', landMark: 'Behind Hiranandani Gardens', lat: 19.1176, lng: 72.906 },
  { locality: 'Andheri East', city: 'Mumbai', state: 'Maharashtra', pin: '400069', landMark: 'Near Marol Metro Station', lat: 19.1136, lng: 72.8697 },
  { locality: 'Saket', city: 'New Delhi', state: 'Delhi', pin: '110017', landMark: 'Near Select Citywalk', lat: 28.5245, lng: 77.2066 },
  { locality: 'Dwarka Sector 21', city: 'New Delhi', state: 'Delhi', pin: '110077', landMark: 'Near Dwarka Sector 21 Metro', lat: 28.5523, lng: 77.0584 },
  { locality: 'Velachery', city: 'Chennai', state: 'Tamil Nadu', pin: '600042', landMark: 'Near Phoenix Marketcity', lat: 12.9815, lng: 80.218 },
  { locality: 'Gachibowli', city: 'Hyderabad', state: 'Telangana', pin: '500032', landMark: 'Near DLF Cyber City', lat: 17.44, lng: 78.3489 },
  { locality: 'Hinjewadi Phase 1', city: 'Pune', state: 'Maharashtra', pin: '411057', landMark: 'Near Rajiv Gandhi Infotech Park', lat: 18.5913, lng: 73.7389 },
  { locality: 'Salt Lake Sector V', city: 'Kolkata', state: 'West Bengal', pin: '700091', landMark: 'Near College More', lat: 22.5735, lng: 88.4331 },
  { locality: 'SG Highway', city: 'Ahmedabad', state: 'Gujarat', pin: '380054', landMark: 'Near Iscon Cross Road', lat: 23.0301, lng: 72.5075 },
  { locality: 'Golf Course Road', city: 'Gurugram', state: 'Haryana', pin: '122002', landMark: 'Near Sector 53 Rapid Metro', lat: 28.4497, lng: 77.0966 },
  { locality: 'Sector 62', city: 'Noida', state: 'Uttar Pradesh', pin: '201309', landMark: 'Near Fortis Hospital', lat: 28.6208, lng: 77.3639 },
  { locality: 'Kakkanad', city: 'Kochi', state: 'Kerala', pin: '682030', landMark: 'Near Infopark Phase 1', lat: 10.0159, lng: 76.3419 },
] as const;

const opportunityKinds = [
  { type: 'CHARGING_HUB', title: 'Charging Hub', primaryUser: 'Ride-hailing cabs and delivery two-wheelers', perCharger: 6.5 },
  { type: 'RESIDENTIAL_SOCIETY', title: 'Residential Society Chargers', primaryUser: 'Residents with electric cars and scooters', perCharger: 0.9 },
  { type: 'COMMERCIAL_COMPLEX', title: 'Commercial Complex Chargers', primaryUser: 'Office commuters and visitors', perCharger: 1.2 },
  { type: 'HIGHWAY_CORRIDOR', title: 'Highway Fast-Charging Plaza', primaryUser: 'Inter-city electric cars and buses', perCharger: 12 },
  { type: 'FLEET_DEPOT', title: 'Fleet Depot', primaryUser: 'Electric three-wheeler and cargo fleets', perCharger: 3.5 },
] as const;

/** Status of the i-th opportunity (1-based): most are live; a few are drafts, subscribed, funded or closed. */
const statusOf = (i: number) => (i % 10 === 0 ? 'DRAFT' : i % 7 === 0 ? 'FUNDED' : i % 5 === 0 ? 'FULLY_SUBSCRIBED' : i % 13 === 0 ? 'CLOSED' : 'LIVE');

/** An amount in lakhs as the opportunity form takes it (crores from 100 lakhs). */
const lakhsValue = (lakhs: number) => (lakhs >= 100 ? { valueIn: 'CRORES' as const, value: Math.round(lakhs) / 100 } : { valueIn: 'LAKHS' as const, value: Math.round(lakhs * 10) / 10 });

/** Seeds the investment opportunities (30), each with three images and a cover under `opportunities/`. */
export const seedInvestmentOpportunities: SeedStep = {
  name: 'investment opportunities',
  async run({ tx, now }) {
    const target = sustainSeedSizes.opportunities;
    const existing = await rowCount(tx, investmentOpportunities);
    if (existing >= target) return existing;
    const values = [];
    for (let i = existing + 1; i <= target; i += 1) {
      const rnd = seededRandom(6_600 + i);
      const site = opportunitySites[(i - 1) % opportunitySites.length]!;
      const kind = opportunityKinds[(i - 1 + Math.floor((i - 1) / opportunitySites.length) * 2) % opportunityKinds.length]!;
      const chargers = kind.type === 'RESIDENTIAL_SOCIETY' ? 10 + Math.floor(rnd() * 30) : 4 + Math.floor(rnd() * 20);
      const totalLakhs = chargers * kind.perCharger + 5;
      const status = statusOf(i);
      const subscribed = status === 'DRAFT' ? 0 : status === 'LIVE' ? Math.round(5 + rnd() * 85) : 100;
      const name = `${site.locality} ${kind.title}`;
      values.push({
        name,
        images: [1, 2, 3].map((k) => ({ id: `opp-${i}-${k}`, relativePath: `demo/opportunity-${k}.svg`, name: ['Site front.jpg', 'Parking bays.jpg', 'Electrical room.jpg'][k - 1]! })),
        imageUrl: 'demo/opportunity-cover.svg',
        opportunityType: kind.type,
        numberOfChargers: chargers,
        subscribedPercentage: subscribed,
        projectedIrr: Math.round((14 + rnd() * 10) * 10) / 10,
        primaryUser: kind.primaryUser,
        minInvestmentAmountInLakhs: { valueIn: 'LAKHS', value: [1, 2, 5][Math.floor(rnd() * 3)]! },
        totalInvestmentAmountInLakhs: lakhsValue(totalLakhs),
        buildingNumber: `${10 + Math.floor(rnd() * 480)}`,
        locality: site.locality,
        landMark: site.landMark,
        city: site.city,
        state: site.state,
        pinCode: site.pin,
        googleMapLink: `https://maps.google.com/?q=${site.lat},${site.lng}`,
        featuresOfLocation: `Dedicated parking for ${chargers} vehicles, 24x7 security, a 3-phase supply with room for ${Math.round(chargers * 1.5)} more chargers, close to ${site.landMark.replace(/^(Near|Opposite|Behind) /, '')}.`,
        overView: `${chargers} chargers at ${site.locality}, ${site.city}, serving ${kind.primaryUser.toLowerCase()}. The network installs, operates and maintains the chargers; investors receive a monthly share of the charging revenue.`,
        whyInvest: `${site.locality} has a fast-growing base of electric vehicles and few public chargers. Utilisation at our nearby sites is above 35%, and the site's host has signed a ten-year lease.`,
        resourcesUrl: `https://invest.czo-demo.example/opportunities/${slug(name)}`,
        status,
        isActive: status !== 'CLOSED',
        createdAt: new Date(now.getTime() - (360 - i * 11) * DAY),
        updatedAt: now,
      });
    }
    await tx.insert(investmentOpportunities).values(values);
    return target;
  },
};

/** Seeds investors' leads on the opportunities (1,500 × scale); drafts get none. */
export const seedOpportunityLeads: SeedStep = {
  name: 'opportunity leads',
  async run({ tx, now, scale }) {
    const target = scaled(sustainSeedSizes.opportunityLeads, scale);
    const existing = await rowCount(tx, opportunityLeads);
    if (existing >= target) return existing;
    const opportunityIds = rowsOf<{ id: number | string }>(
      await tx.execute(sql`select id from ${investmentOpportunities} where status <> 'DRAFT' order by id`),
    ).map((r) => Number(r.id));
    const pickOpportunity = opportunityIds.length > 0 ? sql`(${sql.param(opportunityIds)}::bigint[])[1 + ${sqlHash(n, 'ol-opp')} % ${opportunityIds.length}]` : sql`null::bigint`;
    await tx.execute(sql`
      insert into ${opportunityLeads} (investor_name, phone, email, opportunity_id, amount_in_lakhs, status, notes, created_at, updated_at)
      select first || ' ' || last, ${sqlMobile('8', n, 720_000_000)},
        case when ${sqlHash(n, 'ol-email')} % 3 <> 0 then regexp_replace(lower(first || '.' || last), '[^a-z.]+', '', 'g') || (n % 100)::text || '@gmail.com' end,
        ${pickOpportunity},
        -- Half a lakh to 25 lakhs, in steps of half a lakh.
        ${sqlBetween(1, 50, n, 'ol-amount')} * 0.5,
        status,
        case status when 'NOT_INTERESTED' then 'Wants a shorter lock-in period' when 'KYC_PENDING' then 'PAN and bank proof awaited' end,
        created, created
      from (
        select n, ${sqlPick(firstNames, n, 'ol-first')} as first, ${sqlPick(lastNames, n, 'ol-last')} as last,
          ${sqlWeighted(
            [
              ['NEW', 30],
              ['CONTACTED', 25],
              ['INTERESTED', 15],
              ['KYC_PENDING', 8],
              ['INVESTED', 10],
              ['NOT_INTERESTED', 12],
            ],
            n,
            'ol-status',
          )} as status,
          (${now.toISOString()}::timestamptz - (${sqlHash(n, 'ol-age')} % (300 * 86400)) * interval '1 second') as created
        from generate_series(${existing + 1}::int, ${target}::int) n
      ) s
    `);
    return target;
  },
};
