// The central system writes charger messages on its own database and a command's records on the one given for
// commands: on PostgreSQL (start-server) the chargers' connections (at most 4 per process) and the console's, so a
// command staff wait on is answered while every one of the chargers' connections is busy. PGlite has one
// connection for everything, so there only the routing of the statements is checked.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { call, signIn } from '../support/test-app';
import { openLiveCharger, until, type LiveCharger } from '../support/live-charger';
import { ruleDrivers } from '../support/test-database';

describe.each(ruleDrivers)('command records on %s', (driver) => {
  let live: LiveCharger;
  let chargerDatabase: ReturnType<OpenDatabase['separate']>;
  /** Statements run through the database given for commands. */
  let commandStatements = 0;
  let authKey: string;
  /** The central system's log lines. */
  const logLines: string[] = [];
  const capture = (...args: unknown[]) => void logLines.push(args.map(String).join(' '));

  beforeAll(async () => {
    live = await openLiveCharger(driver, {
      logger: { info: capture, warn: capture, error: capture },
      databases: (database) => {
        // One connection for the chargers' messages, so one long statement makes it busy.
        chargerDatabase = database.separate(1);
        const commandDb = new Proxy(database.db, {
          get(target, key) {
            if (key === 'execute') {
              return (query: Parameters<typeof target.execute>[0]) => {
                commandStatements += 1;
                return target.execute(query);
              };
            }
            const value: unknown = Reflect.get(target, key, target);
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
          },
        });
        return { db: chargerDatabase.db, commandDb, close: chargerDatabase.close };
      },
    });
    await until(
      async () => rowsOf<{ connected_node: string | null }>(await live.database.db.execute(sql`select connected_node from ocpp_charge_points where charger_id = ${live.chargerId}`)),
      (rows) => rows[0]?.connected_node != null,
    );
    authKey = (await signIn(live.t, '9000000001')).authKey;
  });
  afterAll(async () => {
    await live.close();
  });

  const send = async () =>
    call(live.t, 'POST', '/ccu/charger-command', {
      authKey,
      body: { chargerIds: [live.chargerId], command: { action: 'GetConfiguration', payload: { key: ['HeartbeatInterval'] } }, wait: true },
    });

  it('marks a command sent and answered through the database given for commands', async () => {
    const before = commandStatements;
    const answer = await send();
    expect(answer.body.items[0]).toMatchObject({ chargerId: live.chargerId, status: 'accepted' });
    // queued → sent, sent → accepted.
    expect(commandStatements - before).toBe(2);
  });

  it("fails a command whose answer could not be written in words of its own, the database's message only named in the log", async () => {
    // A NUL no jsonb can hold, in the value the charger answers with: the statement writing the answer fails.
    live.charger.setConfiguration('CzoUnstorableNote', 'note\u0000');
    const answer = await call(live.t, 'POST', '/ccu/charger-command', {
      authKey,
      body: { chargerIds: [live.chargerId], command: { action: 'GetConfiguration', payload: { key: ['CzoUnstorableNote'] } }, wait: true },
    });
    expect(answer.status).toBe(200);
    const item = answer.body.items[0] as { id: string; status: string; error: string | null; response: unknown };
    expect(item).toMatchObject({ chargerId: live.chargerId, status: 'failed', error: "The charger's answer could not be recorded.", response: null });
    const [row] = rowsOf<{ status: string; error: string | null }>(await live.database.db.execute(sql`select status, error from ocpp_commands where id = ${item.id}::uuid`));
    expect(row).toEqual({ status: 'failed', error: "The charger's answer could not be recorded." });
    // The log names what failed (the command, the SQLSTATE, the statement), never the statement's text or values.
    const failed = logLines.filter((line) => line.includes('ocpp-command-answer-write-failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain(item.id);
    expect(failed[0]).toContain('22P05');
    const log = logLines.join('\n');
    for (const quoted of ['CzoUnstorableNote', '\u0000', 'params:', 'jsonb_to_recordset(']) expect(log).not.toContain(quoted);
  });

  if (driver !== 'postgres') return;
  it("answers a command while the chargers' connections are all busy", async () => {
    // (A drizzle query runs once it is awaited or given a then.)
    const busy = chargerDatabase.db.execute(sql`select pg_sleep(3)`).then(() => {});
    await until(
      async () => rowsOf<{ n: number }>(await live.database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep%' and state = 'active'`)),
      (rows) => rows[0]!.n === 1,
    );
    const t0 = performance.now();
    const answer = await send();
    const took = performance.now() - t0;
    await busy;
    expect(answer.status).toBe(200);
    expect(answer.body.items[0]).toMatchObject({ chargerId: live.chargerId, status: 'accepted', response: { configurationKey: [{ key: 'HeartbeatInterval', value: '300' }] } });
    // Queued behind the busy connection it would take the rest of its 3 s.
    expect(took).toBeLessThan(2_000);
  });
});
