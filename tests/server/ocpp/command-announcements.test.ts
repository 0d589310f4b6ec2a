// A batch of commands is announced to the processes holding their chargers in one notification per process, split
// only past COMMANDS_PER_ANNOUNCEMENT, each under NOTIFY's payload limit: in process after the statement that writes
// the records (commandAnnouncements), on PostgreSQL by that statement itself (commandAnnouncementsQuery).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPostgresBus, MAX_PAYLOAD_BYTES } from '@server/live/notification-bus';
import { commandAnnouncements, commandAnnouncementsQuery, OCPP_COMMAND_CHANNEL } from '@server/ocpp/central-system';
import { rowsOf } from '@server/db/rows';
import { createTestDatabase, testDrivers } from '../support/test-database';

const nodes = ['host-a:1234:0f3c9a2e-5b7d-4e1f-9a6b-2c8d7e6f5a4b', 'host-b:99:1a2b3c4d'];
/** 250 commands, one in seven to the second process; charger ids as long as the database's (2^40). */
const batch = () => Array.from({ length: 250 }, (_, i) => ({ commandId: randomUUID(), chargerId: 2 ** 40 - 250 + i, node: nodes[i % 7 === 0 ? 1 : 0]! }));

type Announcement = { node: string; commands: { commandId: string; chargerId: number }[] };

function expectEveryCommandOnce(announcements: Announcement[], commands: ReturnType<typeof batch>) {
  expect(announcements.filter((a) => a.node === nodes[1])).toHaveLength(1);
  expect(announcements.filter((a) => a.node === nodes[0])).toHaveLength(3);
  const announced = announcements.flatMap((a) => a.commands.map((c) => ({ ...c, node: a.node })));
  expect(announced.sort((x, y) => x.chargerId - y.chargerId)).toEqual(commands);
}

describe('commandAnnouncements', () => {
  it('groups a batch by the process holding each charger, splits a large one, and keeps every command once', () => {
    const commands = batch();
    const announcements = commandAnnouncements(commands);
    for (const a of announcements) expect(Buffer.byteLength(JSON.stringify(a))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expectEveryCommandOnce(announcements, commands);
    expect(commandAnnouncements([])).toEqual([]);
  });
});

describe.runIf(testDrivers.includes('postgres'))('commandAnnouncementsQuery (PostgreSQL)', () => {
  it('sends the same announcements from the statement that selects them, each under the payload limit, and none for no command', async () => {
    const database = await createTestDatabase('postgres');
    const bus = createPostgresBus({ connectionString: database.connectionString!, db: database.db });
    try {
      const heard: unknown[] = [];
      bus.subscribe(OCPP_COMMAND_CHANNEL, (payload) => heard.push(payload));
      await bus.listening(OCPP_COMMAND_CHANNEL);
      const announce = async (commands: ReturnType<typeof batch>) => {
        const values = commands.length
          ? sql.join(commands.map((c) => sql`(${c.commandId}::uuid, ${c.chargerId}::bigint, ${c.node}::text)`), sql`, `)
          : sql`(null::uuid, null::bigint, null::text)`;
        const source = sql`(select * from (values ${values}) v (command_id, charger_id, node) where command_id is not null) queued`;
        const [row] = rowsOf<{ sent: number }>(
          await database.db.execute(sql`with announced as (${commandAnnouncementsQuery(source, bus.notifyJsonExpression!)}) select count(sent)::int as sent from announced`),
        );
        return row!.sent;
      };
      expect(await announce([])).toBe(0);
      const commands = batch();
      // PostgreSQL fails the statement when a payload reaches its limit (8,000 bytes, its json text with spaces):
      // this batch has the longest ids.
      expect(await announce(commands)).toBe(4);
      await bus.publish(OCPP_COMMAND_CHANNEL, { end: true });
      await expect.poll(() => heard.length).toBe(5);
      expect(heard.at(-1)).toEqual({ end: true });
      expectEveryCommandOnce(heard.slice(0, -1) as Announcement[], commands);
    } finally {
      await bus.close();
      await database.close();
    }
  });
});
