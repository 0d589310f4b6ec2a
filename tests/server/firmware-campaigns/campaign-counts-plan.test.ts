// A campaign's counts read its updates in one pass, however many chargers it has. Read once per member (each member's
// latest update looked up on its own), the count of a 10,000-charger campaign took 15 s on PostgreSQL while its updates
// were moving (bench:ocpp --campaign): the lookup went through the campaign's index, whole, for every member. Here: the
// counts are right (each member's latest update of the campaign, not an older one nor another campaign's), and the
// plan of the statement scans firmware_updates once.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/db/rows';
import { memberCounts, memberCountsSql } from '@server/firmware-campaigns/campaign-store';
import { testDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

type PlanNode = { 'Relation Name'?: string; 'Actual Loops'?: number; Plans?: PlanNode[] };

/** Every node of a plan, depth first. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe.each(testDrivers)("a campaign's counts on %s", { timeout: 120_000 }, (driver) => {
  const env = useTestApp(driver);
  const members = 300;
  let campaignId: string;
  let otherId: string;

  beforeAll(async () => {
    const db = env.database.db;
    const [file] = rowsOf<{ id: string }>(await db.execute(sql`insert into firmware_files (name, version, size_bytes, sha256, store_key) values ('fw-plan.bin', 'plan', 10, ${'cd'.repeat(32)}, ${`plan-${driver}`}) returning id`));
    const make = async (name: string) =>
      rowsOf<{ id: string }>(
        await db.execute(sql`insert into firmware_campaigns (name, firmware_file_id, filters, waves, wave_sizes, failure_threshold_percent, state, current_wave, started_at)
          values (${name}, ${file!.id}::uuid, '{}'::jsonb, '[10, 100]'::jsonb, ${JSON.stringify([30, members - 30])}::jsonb, 20, 'running', 1, now()) returning id`),
      )[0]!.id;
    campaignId = await make('Counted');
    otherId = await make('Other');
    // 300 chargers: wave 1 the first 30, all sent; each with an update of the campaign, moved along as a charger's
    // reports move it (old row versions, as in a real run), and for the first 10 an older failed one before it; the
    // other campaign updated the same chargers too.
    await db.execute(sql`insert into firmware_campaign_members (campaign_id, charger_id, wave, status, sent_at)
      select ${campaignId}::uuid, g, case when g <= 900030 then 0 else 1 end, 'sent', now() from generate_series(900001, ${900000 + members}) g`);
    await db.execute(sql`insert into firmware_updates (charger_id, firmware_file_id, campaign_id, wave, status, retrieve_date, created_at, updated_at, finished_at)
      select g, ${file!.id}::uuid, ${campaignId}, 1, 'failed', now(), now() - interval '1 hour', now() - interval '1 hour', now() - interval '1 hour' from generate_series(900001, 900010) g`);
    await db.execute(sql`insert into firmware_updates (charger_id, firmware_file_id, campaign_id, wave, status, retrieve_date, created_at, updated_at, finished_at)
      select g, ${file!.id}::uuid, ${otherId}, 1, 'failed', now(), now() - interval '2 hours', now() - interval '2 hours', now() - interval '2 hours' from generate_series(900001, ${900000 + members}) g`);
    await db.execute(sql`insert into firmware_updates (charger_id, firmware_file_id, campaign_id, wave, status, retrieve_date, created_at, updated_at)
      select g, ${file!.id}::uuid, ${campaignId}, case when g <= 900030 then 1 else 2 end, 'sent', now(), now(), now() from generate_series(900001, ${900000 + members}) g`);
    for (const status of ['accepted', 'downloading', 'downloaded', 'installing']) {
      await db.execute(sql`update firmware_updates set status = ${status} where campaign_id = ${campaignId} and finished_at is null`);
    }
    // Wave 1: 25 installed, 5 failed; wave 2: 200 installed, the rest still installing.
    await db.execute(sql`update firmware_updates set status = 'installed', finished_at = now() where campaign_id = ${campaignId} and finished_at is null and (charger_id between 900001 and 900025 or charger_id between 900031 and 900230)`);
    await db.execute(sql`update firmware_updates set status = 'failed', finished_at = now() where campaign_id = ${campaignId} and finished_at is null and charger_id between 900026 and 900030`);
    await db.execute(sql`analyze firmware_updates`);
    await db.execute(sql`analyze firmware_campaign_members`);
  });

  it("counts each member by its latest update of the campaign", async () => {
    const waves = (await memberCounts(env.database.db, [campaignId], new Date())).get(campaignId)!;
    expect(waves.get(0)).toEqual({ pending: 0, inProgress: 0, succeeded: 25, failed: 5, cancelled: 0 });
    expect(waves.get(1)).toEqual({ pending: 0, inProgress: members - 230, succeeded: 200, failed: 0, cancelled: 0 });
  });

  it('reads the updates once, not once per member', async () => {
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await env.database.db.execute(sql`explain (analyze, format json) ${memberCountsSql([campaignId], new Date())}`));
    const raw = row!['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const scans = nodesOf(plan[0]!.Plan).filter((n) => n['Relation Name'] === 'firmware_updates');
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.map((n) => n['Actual Loops'])).toEqual(scans.map(() => 1));
  });
});
