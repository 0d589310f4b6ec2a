// Seed steps of the people of the network: customers, hosts (with their business, bank account and support
// requests), wallets, user groups and applied referrals. Bulk rows come from generate_series with hash-based
// picks (deterministic, seconds for tens of thousands of rows); a re-run only tops up to the target sizes.
import { sql } from 'drizzle-orm';
import { HOST_BUSINESS_TYPES } from '@domain/resources/hosts/host';
import { appliedReferrals, hostBankDetails, hostSupportRequests, hosts, userGroupMembers, userGroups } from '@server/db/tables/users';
import { businesses, firstNames, lastNames, localities, scaled, seededRandom, sqlBetween, sqlHash, sqlPick } from './demo-data';
import type { SeedStep } from './seed-context';
import { CUSTOMER_PREFIX, g, HOST_PREFIX, sqlCityId, sqlNow } from './seed-users-shared';
import { rowsOf, scalar, sqlAgo, sqlWeighted } from './seed-sql';

const YEAR_SECONDS = 365 * 86_400;

/** Base sizes at scale 1 (groups are reference data and ignore the scale). */
export const userSeedSizes = {
  customers: 5_000,
  hosts: 500,
  hostSupportRequests: 400,
  referrals: 2_000,
  groups: 40,
} as const;

const emailDomains = ['gmail.com', 'yahoo.co.in', 'outlook.com', 'rediffmail.com', 'hotmail.com'] as const;

/**
 * Inserts users numbered 1..target of a mobile series; numbers already taken are skipped (idempotent). Ids derive
 * from the mobile number, so every machine gets the same ids (and every pick ordered by id the same rows).
 */
async function seedUserSeries(ctx: Parameters<SeedStep['run']>[0], prefix: string, target: number, salt: string, codeInfix: string): Promise<void> {
  await ctx.tx.execute(sql`
    insert into users (id, name, mobile_number, email, referral_code, is_active, created_at, updated_at)
    select md5('czo-seed:user:' || ${prefix} || lpad(g::text, 9, '0'))::uuid,
           fn || ' ' || ln,
           ${prefix} || lpad(g::text, 9, '0'),
           case when ${sqlHash(g, `${salt}-email`)} % 10 < 6
                then lower(fn) || '.' || lower(replace(ln, '''', '')) || g || '@' || ${sqlPick(emailDomains, g, `${salt}-domain`)} end,
           upper(fn) || ${codeInfix} || g,
           ${sqlHash(g, `${salt}-active`)} % 50 <> 0,
           created, created
    from (
      select g, ${sqlPick(firstNames, g, `${salt}-first`)} as fn, ${sqlPick(lastNames, g, `${salt}-last`)} as ln,
             ${sqlAgo(ctx.now, YEAR_SECONDS, g, `${salt}-created`)} as created
      from generate_series(1, ${target}::int) g
    ) s
    on conflict do nothing`);
}

/** Seeds the customers (drivers who book charging): 5,000 at scale 1, numbers 8000000001 onwards. */
export const seedCustomers: SeedStep = {
  name: 'customers',
  async run(ctx) {
    const target = scaled(userSeedSizes.customers, ctx.scale, 20);
    await seedUserSeries(ctx, CUSTOMER_PREFIX, target, 'customer', '');
    return target;
  },
};

/** Seeds the hosts: a user (numbers 7000000001 onwards) and a host record with business, city, GSTIN and KYC. */
export const seedHosts: SeedStep = {
  name: 'hosts',
  async run(ctx) {
    const { tx } = ctx;
    const target = scaled(userSeedSizes.hosts, ctx.scale, 10);
    await seedUserSeries(ctx, HOST_PREFIX, target, 'host', 'H');
    const k = sql.raw('u.k');
    // GSTIN: state code, a PAN (five letters, four digits, a letter), entity number, Z, check character. The row
    // number is spelled into the PAN so the GSTINs stay unique.
    const letter = (salt: string) => sql`chr(65 + ${sqlHash(k, salt)} % 26)`;
    const gstin = sql`${sqlPick(['29', '27', '07', '33', '36', '19', '24', '08', '09', '32'], k, 'gst-state')}
      || ${letter('gst-a')} || ${letter('gst-b')} || ${letter('gst-c')}
      || chr(65 + (u.k / 10000) / 26 % 26) || chr(65 + (u.k / 10000) % 26)
      || lpad((u.k % 10000)::text, 4, '0') || ${letter('gst-d')} || '1Z' || ${letter('gst-e')}`;
    await tx.execute(sql`
      insert into ${hosts} (user_id, business_name, business_type, contact_number, city_id, gstin, kyc_status, is_active, created_at, updated_at)
      select u.id,
             ${sqlPick(businesses, k, 'host-business')} || ', ' || ${sqlPick(localities, k, 'host-locality')},
             ${sqlWeighted([[HOST_BUSINESS_TYPES[0], 14], [HOST_BUSINESS_TYPES[1], 3], [HOST_BUSINESS_TYPES[2], 2], [HOST_BUSINESS_TYPES[3], 1]], k, 'host-type')},
             u.mobile_number,
             ${sqlCityId(k, 'host-city')},
             case when ${sqlHash(k, 'host-gst')} % 10 < 7 then ${gstin} end,
             ${sqlWeighted([['VERIFIED', 12], ['SUBMITTED', 3], ['PENDING', 4], ['REJECTED', 1]], k, 'host-kyc')},
             u.is_active and ${sqlHash(k, 'host-active')} % 25 <> 0,
             u.created_at, u.created_at
      from (select id, mobile_number, is_active, created_at, substr(mobile_number, 2)::int as k from users where mobile_number like ${`${HOST_PREFIX}%`}) u
      where u.k <= ${target}
      on conflict do nothing`);
    return scalar(tx, sql`select count(*) as n from ${hosts}`);
  },
};

/** Gives every user without a wallet one, with a few hundred rupees of credits (in paise). */
export const seedWallets: SeedStep = {
  name: 'wallets',
  async run({ tx }) {
    const k = sql.raw('hashtext(u.id::text)');
    await tx.execute(sql`
      insert into wallets (user_id, credits, created_at, updated_at)
      select u.id, case when abs(${k}) % 5 = 0 then 0 else abs(${k}) % 2000 * 100 end, u.created_at, u.created_at
      from users u
      where not exists (select 1 from wallets w where w.user_id = u.id)
      on conflict do nothing`);
    return scalar(tx, sql`select count(*) as n from wallets`);
  },
};

const groupBases = [
  'Swiggy Delivery Partners',
  'Zomato Riders',
  'Ola Electric Owners Club',
  'Ather Owners Community',
  'BluSmart Fleet',
  'Yulu Riders',
  'Tata Nexon EV Club',
  'MG ZS EV Owners',
  'Prestige Shantiniketan Residents',
  'Brigade Metropolis RWA',
  'DLF Phase 3 Society',
  'Infosys Green Commute',
  'Wipro Electric Pool',
  'TCS Campus Fleet',
  'Amazon Delivery Associates',
  'Flipkart Ekart Fleet',
  'Rapido Bike Taxi',
  'Lithium Urban Fleet',
  'Mahindra Treo Drivers',
  'Euler HiLoad Operators',
] as const;

/** Groups that get members besides their admin, and how many (a few realistic fleets and societies). */
const GROUPS_WITH_MEMBERS = 8;

/**
 * Seeds the 40 user groups (fleets, societies, employers) with a discount and an admin who is a member; the first
 * few also get a handful of members. Members go only to groups this run inserts, so a re-run keeps staff's changes;
 * each group's member count is its member rows.
 */
export const seedGroups: SeedStep = {
  name: 'user groups',
  async run({ tx, now }) {
    const admins = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from users where mobile_number like ${`${CUSTOMER_PREFIX}%`} and is_active order by mobile_number limit ${userSeedSizes.groups}`),
    );
    const pool = rowsOf<{ id: string }>(
      await tx.execute(
        sql`select id from users where mobile_number like ${`${CUSTOMER_PREFIX}%`} and is_active order by mobile_number offset ${userSeedSizes.groups} limit ${GROUPS_WITH_MEMBERS * 5}`,
      ),
    );
    const cityNames = ['Bengaluru', 'Mumbai', 'New Delhi', 'Hyderabad', 'Pune', 'Chennai'];
    const random = seededRandom(4040);
    const values = Array.from({ length: userSeedSizes.groups }, (_, i) => {
      const base = groupBases[i % groupBases.length]!;
      const city = cityNames[(i + Math.floor(i / groupBases.length)) % cityNames.length]!;
      const created = new Date(now.getTime() - Math.floor(random() * 330 + 20) * 86_400_000);
      return {
        name: i < groupBases.length ? base : `${base} ${city}`,
        adminUserId: admins.length > 0 ? admins[i % admins.length]!.id : null,
        memberCount: 0,
        discountPercent: [0, 5, 5, 10, 10, 15, 20][Math.floor(random() * 7)]!,
        isActive: i % 13 !== 12,
        createdAt: created,
        updatedAt: created,
      };
    });
    const inserted = await tx
      .insert(userGroups)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: userGroups.id, name: userGroups.name, adminUserId: userGroups.adminUserId, createdAt: userGroups.createdAt });
    const members = inserted.flatMap((group) => {
      const i = values.findIndex((v) => v.name === group.name);
      const joined = new Date((group.createdAt as Date).getTime() + 86_400_000);
      const others = i < GROUPS_WITH_MEMBERS ? pool.slice(i * 5, i * 5 + 2 + (i % 4)).map((u) => u.id) : [];
      const ids = [...(group.adminUserId ? [String(group.adminUserId)] : []), ...others];
      return ids.map((userId) => ({ groupId: Number(group.id), userId, addedAt: joined, createdAt: joined, updatedAt: joined }));
    });
    if (members.length > 0) {
      await tx.insert(userGroupMembers).values(members).onConflictDoNothing();
      const ids = inserted.map((group) => Number(group.id));
      await tx.execute(sql`
        update user_groups g set member_count = (select count(*)::int from user_group_members m where m.group_id = g.id)
        where g.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    }
    return userSeedSizes.groups;
  },
};

const banks = [
  ['HDFC Bank', 'HDFC'],
  ['ICICI Bank', 'ICIC'],
  ['State Bank of India', 'SBIN'],
  ['Axis Bank', 'UTIB'],
  ['Kotak Mahindra Bank', 'KKBK'],
  ['Canara Bank', 'CNRB'],
  ['Punjab National Bank', 'PUNB'],
  ['Bank of Baroda', 'BARB'],
  ['Union Bank of India', 'UBIN'],
  ['IDFC FIRST Bank', 'IDFB'],
] as const;

/** Seeds a bank account for most hosts (those without one), mostly verified. */
export const seedBankDetails: SeedStep = {
  name: 'host bank details',
  async run({ tx }) {
    const k = sql.raw('h.id');
    const bank = sql`(1 + ${sqlHash(k, 'bank')} % ${banks.length})`;
    await tx.execute(sql`
      insert into ${hostBankDetails} (host_id, account_holder_name, bank_name, ifsc, account_number, verification_status, created_at, updated_at)
      select h.id,
             case when h.business_type = 'PREMISE_OWNER' then coalesce(u.name, h.business_name) else h.business_name end,
             (${sql.param(banks.map((b) => b[0]))}::text[])[${bank}],
             (${sql.param(banks.map((b) => b[1]))}::text[])[${bank}] || '0' || lpad((${sqlHash(k, 'ifsc')} % 1000000)::text, 6, '0'),
             (${sqlBetween(1, 9, k, 'acct-lead')})::text || lpad((${sqlHash(k, 'acct')} % 100000000)::text, 8, '0') || lpad(h.id::text, 5, '0'),
             ${sqlWeighted([['VERIFIED', 15], ['PENDING', 4], ['REJECTED', 1]], k, 'bank-status')},
             h.created_at + interval '2 days', h.created_at + interval '2 days'
      from ${hosts} h
      join users u on u.id = h.user_id
      where ${sqlHash(k, 'has-bank')} % 100 < 85
        and not exists (select 1 from ${hostBankDetails} b where b.host_id = h.id)`);
    return scalar(tx, sql`select count(*) as n from ${hostBankDetails}`);
  },
};

const supportSubjects = [
  'Payout for last month not received',
  'Charger showing offline since morning',
  'Update bank account details',
  'Request for an additional charger',
  'Electricity bill reimbursement',
  'QR code sticker damaged',
  'Change of business name',
  'Tariff change request',
  'Customers parking outside the bay',
  'GST invoice correction',
  'Earnings dashboard not loading',
  'Socket cover broken',
] as const;

/** Seeds host support requests (400 at scale 1) spread over the last year, the recent ones still open. */
export const seedHostSupportRequests: SeedStep = {
  name: 'host support requests',
  async run({ tx, now, scale }) {
    const target = scaled(userSeedSizes.hostSupportRequests, scale, 5);
    const existing = await scalar(tx, sql`select count(*) as n from ${hostSupportRequests}`);
    const hostCount = await scalar(tx, sql`select count(*) as n from ${hosts}`);
    if (existing >= target || hostCount === 0) return existing;
    await tx.execute(sql`
      with h as (select id, row_number() over (order by id) as rn from ${hosts})
      insert into ${hostSupportRequests} (host_id, subject, description, status, resolution, version, priority, created_at, updated_at)
      select h.id, s.subject,
             'Raised by the host on the partner app. ' || s.subject || '.',
             s.status,
             -- Every state is reached by the machine's events: a resolved or closed request went through RESOLVE (its
             -- note) and each step moved the version on, as START, RESOLVE and CLOSE would have.
             case when s.status in ('RESOLVED', 'CLOSED') then 'Checked with the host and sorted out: ' || lower(s.subject) || '.' end,
             case s.status when 'OPEN' then 0 when 'IN_PROGRESS' then 1 when 'RESOLVED' then 2 else 3 end,
             s.priority,
             ${sqlNow(now)} - s.age * interval '1 second', ${sqlNow(now)} - s.age * interval '1 second'
      from (
        select g, ${sqlPick(supportSubjects, g, 'hs-subject')} as subject, ${sqlHash(g, 'hs-age')} % ${YEAR_SECONDS} as age,
               1 + ${sqlHash(g, 'hs-host')} % ${hostCount} as host_rn,
               case when ${sqlHash(g, 'hs-age')} % ${YEAR_SECONDS} < 14 * 86400 then ${sqlWeighted([['OPEN', 3], ['IN_PROGRESS', 2], ['RESOLVED', 1]], g, 'hs-new')}
                    else ${sqlWeighted([['RESOLVED', 6], ['CLOSED', 3], ['OPEN', 1]], g, 'hs-old')} end as status,
               ${sqlWeighted([['LOW', 3], ['MEDIUM', 5], ['HIGH', 2], ['URGENT', 1]], g, 'hs-priority')} as priority
        from generate_series(${existing + 1}::int, ${target}::int) g
      ) s
      join h on h.rn = s.host_rn`);
    return target;
  },
};

/** Seeds applied referrals (2,000 at scale 1): a new customer used another customer's referral code. */
export const seedAppliedReferrals: SeedStep = {
  name: 'applied referrals',
  async run({ tx, scale }) {
    const existing = await scalar(tx, sql`select count(*) as n from ${appliedReferrals}`);
    const customers = await scalar(tx, sql`select count(*) as n from users where mobile_number like ${`${CUSTOMER_PREFIX}%`}`);
    const target = Math.min(scaled(userSeedSizes.referrals, scale, 10), Math.max(0, customers - 1));
    if (existing >= target) return existing;
    // Referred customers are taken in number order (each at most once); the referrer is any other customer.
    await tx.execute(sql`
      with c as (
        select id, referral_code, created_at, row_number() over (order by mobile_number) as rn
        from users where mobile_number like ${`${CUSTOMER_PREFIX}%`}
      )
      insert into ${appliedReferrals} (referrer_user_id, referred_user_id, code, reward, status, created_at, updated_at)
      select referrer.id, referred.id, coalesce(referrer.referral_code, 'CZO' || s.g),
             case when s.status = 'REWARDED' then (1 + s.g % 2) * 5000 else 0 end,
             s.status,
             referred.created_at, referred.created_at + interval '3 days'
      from (
        select g, ${sqlWeighted([['REWARDED', 12], ['PENDING', 4], ['EXPIRED', 2], ['REJECTED', 1]], g, 'ref-status')} as status,
               1 + ${sqlHash(g, 'ref-by')} % ${customers} as by_rn
        from generate_series(${existing + 1}::int, ${target}::int) g
      ) s
      join c referred on referred.rn = s.g + 1
      join c referrer on referrer.rn = case when s.by_rn = s.g + 1 then 1 else s.by_rn end
      on conflict do nothing`);
    return scalar(tx, sql`select count(*) as n from ${appliedReferrals}`);
  },
};
