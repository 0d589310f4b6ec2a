// A command whose request's process died before its deadline (kill -9 between the record and the answer) does not
// stay queued or sent for ever: the central system's sweep marks it timed out once it is past COMMAND_DEADLINE_MS,
// and leaves alone the commands still within it and the ones already answered.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIVE_CHANNEL } from '@domain/live-event';
import { rowsOf } from '@server/db/rows';
import { liveEventsOf } from '@server/live/live-events';
import { createInProcessBus } from '@server/live/notification-bus';
import { createCentralSystem } from '@server/ocpp/central-system';
import { COMMAND_DEADLINE_MS } from '@server/ocpp/command-store';
import { quiet, until } from '../support/live-charger';
import { createTestDatabase, testDrivers } from '../support/test-database';

describe.each(testDrivers)('the sweep of overdue commands on %s', (driver) => {
  it('times out the queued and sent commands past their deadline, and only those', async () => {
    const database = await createTestDatabase(driver);
    const bus = createInProcessBus();
    const heard: unknown[] = [];
    bus.subscribe(LIVE_CHANNEL, (payload) => heard.push(...liveEventsOf(payload)));
    const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
    const [a, b] = await q<{ id: number }>(sql`select id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' order by id limit 2`);
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    // What a request leaves behind when its process dies: records queued or sent, and no timer of theirs to run.
    const commands = [
      { name: 'queued, overdue', charger: a!.id, status: 'queued', createdAt: ago(COMMAND_DEADLINE_MS + 5_000), sentAt: null },
      { name: 'sent, overdue', charger: b!.id, status: 'sent', createdAt: ago(COMMAND_DEADLINE_MS + 60_000), sentAt: ago(COMMAND_DEADLINE_MS) },
      { name: 'queued, within its deadline', charger: a!.id, status: 'queued', createdAt: ago(COMMAND_DEADLINE_MS - 20_000), sentAt: null },
      { name: 'accepted long ago', charger: b!.id, status: 'accepted', createdAt: ago(3_600_000), sentAt: ago(3_600_000) },
    ].map((c) => ({ ...c, id: randomUUID() }));
    for (const c of commands) {
      await database.db.execute(sql`insert into ocpp_commands (id, charger_id, action, payload, status, created_at, sent_at, answered_at)
        values (${c.id}::uuid, ${c.charger}, 'Reset', '{"type":"Soft"}'::jsonb, ${c.status}, ${c.createdAt}::timestamptz, ${c.sentAt}::timestamptz,
          ${c.status === 'accepted' ? c.createdAt : null}::timestamptz)`);
    }
    const central = createCentralSystem({ db: database.db, bus, logger: quiet, watchEveryMs: 50 });
    try {
      const statuses = () => q<{ id: string; status: string; error: string | null }>(sql`select id, status, error from ocpp_commands where id in (${sql.join(commands.map((c) => sql`${c.id}::uuid`), sql`, `)})`);
      const after = await until(statuses, (rows) => rows.filter((r) => r.status === 'timedOut').length === 2);
      const byName = Object.fromEntries(commands.map((c) => [c.name, after.find((r) => r.id === c.id)]));
      expect(byName['queued, overdue']).toMatchObject({ status: 'timedOut', error: 'No answer from the charger in time.' });
      expect(byName['sent, overdue']).toMatchObject({ status: 'timedOut', error: 'No answer from the charger in time.' });
      expect(byName['queued, within its deadline']).toMatchObject({ status: 'queued', error: null });
      expect(byName['accepted long ago']).toMatchObject({ status: 'accepted', error: null });
      // The consoles showing either charger's commands are told, and the command batches' pages.
      await expect.poll(() => heard.map((e) => JSON.stringify((e as { keys?: unknown }).keys))).toEqual(expect.arrayContaining([JSON.stringify([['ocpp', String(a!.id)], ['ocpp-commands']]), JSON.stringify([['ocpp', String(b!.id)], ['ocpp-commands']])]));
    } finally {
      await central.close();
      await bus.close();
      await database.close();
    }
  });
});
