// Stored states are the machines' states: what each state column may hold is exactly its machine's states; the
// database refuses any other (a CHECK generated from the machine); every seeded record is in one of them, reached
// by events with the data it holds, and answers transitions with 409, never 500; and the migration that added the
// CHECKs moves rows in states a machine no longer has (a rejected site inspection) to real ones.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { getNextSnapshot } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketKinds, ticketStatuses, type TicketKind } from '@domain/resources/tickets/shared';
import { resourceByName } from '@domain/resource/registry';
import type { RecordWorkflow } from '@machines/record-workflow';
import { recordWorkflows } from '@machines/workflow-registry';
import type { Database, DatabaseDriver } from '@server/db/database';
import { migrationsFolder, openDatabase } from '@server/db/open-database';
import { columnName, machineStates } from '@server/resources/build-tables';
import { fixedConditions, tableOf } from '@server/resources/resource-query';
import { acceptedEvents, snapshotOf } from '@server/workflows/workflow-routes';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers, testDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';
import { rowsOf } from '@server/seed/seed-sql';

type Row = Record<string, unknown>;

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
const kindOf = (workflow: RecordWorkflow) => resourceByName(workflow.resource).fixed?.kind as TicketKind | undefined;
const finalStates = (workflow: RecordWorkflow) =>
  Object.entries(workflow.machine.config.states ?? {})
    .filter(([, node]) => (node as { type?: string }).type === 'final')
    .map(([state]) => state);

/** The SQLSTATE of a database error, wherever the driver or drizzle put it (drizzle wraps it as `cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The workflow's rows in the database as `where` SQL (a ticket kind's own rows of the shared table). */
function ownRows(workflow: RecordWorkflow) {
  const fixed = Object.entries(resourceByName(workflow.resource).fixed ?? {}).map(([field, value]) => sql`${sql.identifier(columnName(field))} = ${value}`);
  return fixed.length > 0 ? sql.join(fixed, sql` and `) : sql`true`;
}

/**
 * A payload the event's schema accepts, from a few that fit every event these machines have (none, a reason, a
 * close reason); undefined when none does (e.g. an image to add).
 */
function payloadOf(workflow: RecordWorkflow, type: string): Row | undefined {
  const candidates: Row[] = [{}, { reason: 'Checked by the stored-states test' }, { closeReason: 'SOURCE' }];
  return candidates.find((payload) => workflow.eventSchemas[type]!.safeParse({ type, ...payload }).success);
}

/**
 * The states a record's machine reaches from its initial state by events, each step's guards judged on the data the
 * record holds now (as the server judges them: the context comes from the record, e.g. a delivery packs only with an
 * item and a site inspection is sent only when nothing is missing).
 */
/** Every event a machine names: the ones staff send (eventSchemas) and the ones its host sends (a download's queue). */
function eventTypesOf(workflow: RecordWorkflow): string[] {
  const states = Object.values((workflow.machine.config.states ?? {}) as Record<string, { on?: Record<string, unknown> }>);
  return [...new Set([...Object.keys(workflow.eventSchemas), ...states.flatMap((state) => Object.keys(state.on ?? {}))])];
}

function reachableStates(workflow: RecordWorkflow, record: Row): Set<string> {
  const reached = new Set([String(workflow.machine.config.initial)]);
  const queue = [...reached];
  for (let from = queue.shift(); from !== undefined; from = queue.shift()) {
    const snapshot = snapshotOf(workflow, { ...record, [workflow.stateField]: from });
    for (const type of eventTypesOf(workflow)) {
      if (!snapshot.can({ type } as never)) continue;
      const to = String(getNextSnapshot(workflow.machine, snapshot, { type } as never).value);
      if (!reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  return reached;
}

describe('the states each workflow-bound column may hold', () => {
  it('are its machine states, for every workflow (ticket kinds: ticketStatuses and the status options)', () => {
    for (const workflow of recordWorkflows) {
      const resource = resourceByName(workflow.resource);
      const states = sorted(machineStates(workflow));
      const options = sorted((resource.allFields[workflow.stateField]!.options ?? []).map((o) => o.value));
      expect(options, `${workflow.resource}.${workflow.stateField} options`).toEqual(states);
      const kind = kindOf(workflow);
      if (kind) expect(sorted([...ticketStatuses[kind].open, ...ticketStatuses[kind].closed]), `ticketStatuses.${kind}`).toEqual(states);
    }
  });

  it("list a ticket kind's closed statuses as its machine's final states, and a new ticket's status as its initial state", () => {
    for (const workflow of recordWorkflows) {
      const kind = kindOf(workflow);
      if (!kind) continue;
      expect(sorted(ticketStatuses[kind].closed), kind).toEqual(sorted(finalStates(workflow)));
      expect(ticketStatuses[kind].open[0], kind).toBe(workflow.machine.config.initial);
    }
  });

  it("are reached by events only as the record's data lets the guards pass (what the seeded records are held to below)", () => {
    const delivery = recordWorkflows.find((w) => w.resource === 'delivery-tickets')!;
    const order = { deliveryTicketType: 'ORDER_DELIVERY', orderId: 1 };
    expect(reachableStates(delivery, { ...order, items: null })).toEqual(new Set(['OPEN', 'CANCELLED']));
    expect(reachableStates(delivery, { ...order, items: [{ name: 'EV charger', quantity: 1 }] })).toContain('DELIVERED');
    const inspection = recordWorkflows.find((w) => w.resource === 'site-inspection-tickets')!;
    expect(reachableStates(inspection, { siteName: 'Forum Mall', images: [] })).not.toContain('SENT_FOR_APPROVAL');
  });

  it('are checked for every ticket kind: each kind has its workflow, so its status column has a CHECK', () => {
    expect(sorted(recordWorkflows.map(kindOf).filter((k): k is TicketKind => k !== undefined))).toEqual(sorted(ticketKinds));
  });
});

describe.each(ruleDrivers)('stored states on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
  });

  /** Every seeded record of the workflow, as the server reads it (fields by name). */
  const recordsOf = async (workflow: RecordWorkflow): Promise<Row[]> => {
    const resource = resourceByName(workflow.resource);
    const table = tableOf(resource);
    const fixed = fixedConditions(resource, table);
    const query = env.database.db.select().from(table);
    return (await (fixed.length > 0 ? query.where(sql.join(fixed, sql` and `)) : query)) as Row[];
  };

  it('seeds every workflow-bound resource, each record in a state its machine has', async () => {
    for (const workflow of recordWorkflows) {
      const records = await recordsOf(workflow);
      expect(records.length, workflow.resource).toBeGreaterThan(0);
      const unknown = sorted(records.map((r) => String(r[workflow.stateField])).filter((s) => !machineStates(workflow).includes(s)));
      expect(unknown, `${workflow.resource}: states its machine does not have`).toEqual([]);
    }
  });

  it('seeds each record in a state its machine reaches by events with the data the record holds', async () => {
    for (const workflow of recordWorkflows) {
      const problems = new Map<string, number>();
      for (const record of await recordsOf(workflow)) {
        const state = String(record[workflow.stateField]);
        if (!reachableStates(workflow, record).has(state)) problems.set(state, (problems.get(state) ?? 0) + 1);
      }
      expect(Object.fromEntries(problems), `${workflow.resource}: records no events could have brought to their state`).toEqual({});
    }
  });

  it('gives every CLOSED ticket a close reason, and no other ticket one (only CLOSE writes it)', async () => {
    for (const workflow of recordWorkflows.filter((w) => kindOf(w))) {
      const records = await recordsOf(workflow);
      const wrong = records.filter((r) => (r.status === 'CLOSED') !== (r.closeReason !== null)).map((r) => `${String(r.id)} ${String(r.status)} ${String(r.closeReason)}`);
      expect(wrong, workflow.resource).toEqual([]);
    }
  });

  it('answers a transition with 409 (current state, accepted events) on a record of every seeded state, never 500', async () => {
    let checked = 0;
    for (const workflow of recordWorkflows) {
      const resource = resourceByName(workflow.resource);
      const byState = new Map<string, Row>();
      for (const record of await recordsOf(workflow)) byState.set(String(record[workflow.stateField]), byState.get(String(record[workflow.stateField])) ?? record);
      for (const [state, seeded] of byState) {
        const url = `${resource.apiPath}/${String(seeded[resource.idField])}`;
        const got = await call(env.t, 'GET', url, { authKey: admin });
        expect(got.status, `${workflow.resource} in ${state}`).toBe(200);
        const record = got.body as Row;
        expect(String(snapshotOf(workflow, record).value)).toBe(state);
        const accepted = acceptedEvents(workflow, record);
        const sendable = (types: string[]) => types.map((type) => ({ type, payload: payloadOf(workflow, type) })).find((e) => e.payload !== undefined);
        // An event the state refuses; where it accepts every event (a demo while scheduled), one with a stale version.
        const refused = sendable(Object.keys(workflow.eventSchemas).filter((type) => !accepted.includes(type)));
        const stale = refused ? undefined : sendable(accepted);
        const event = refused ?? stale;
        expect(event, `${workflow.resource} in ${state}: an event to send, with a payload its schema accepts`).toBeDefined();
        const version = stale ? (record.version as number) + 1 : record.version;
        const res = await call(env.t, 'POST', `${url}/transition`, { authKey: admin, body: { type: event!.type, version, ...event!.payload } });
        expect(res.status, `${workflow.resource} in ${state}, ${event!.type}: ${JSON.stringify(res.body)}`).toBe(409);
        expect(res.body).toMatchObject({ currentState: state, acceptedEvents: accepted });
        const after = (await call(env.t, 'GET', url, { authKey: admin })).body as Row;
        expect(after).toMatchObject({ [workflow.stateField]: state, version: record.version });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(recordWorkflows.length);
  });

  it("refuses in the database (CHECK, 23514) a state its machine does not have, another workflow's state included", async () => {
    const everyState = new Set(recordWorkflows.flatMap(machineStates));
    for (const workflow of recordWorkflows) {
      const resource = resourceByName(workflow.resource);
      const [row] = rowsOf<Row>(await env.database.db.execute(sql`select id, ${sql.identifier(columnName(workflow.stateField))} as state from ${sql.identifier(resource.table)} where ${ownRows(workflow)} order by id limit 1`));
      const foreign = [...everyState].find((s) => !machineStates(workflow).includes(s));
      for (const value of ['NOT_A_STATE', ...(foreign ? [foreign] : [])]) {
        const write = env.database.db.execute(sql`update ${sql.identifier(resource.table)} set ${sql.identifier(columnName(workflow.stateField))} = ${value} where id = ${row!.id}`);
        const error = await write.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(sqlStateOf(error), `${workflow.resource}: ${value}`).toBe('23514');
      }
      const [after] = rowsOf<Row>(await env.database.db.execute(sql`select ${sql.identifier(columnName(workflow.stateField))} as state from ${sql.identifier(resource.table)} where id = ${row!.id}`));
      expect(after!.state).toBe(row!.state);
    }
  });
});

/** The migration that moves the states and adds the CHECKs, by its journal tag. */
const STATE_CHECKS_MIGRATION = '0004_machine_state_checks';

/** A copy of the migrations folder holding only the migrations before `tag` (drizzle reads the journal). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'czo-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string; idx: number }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at, `${tag} in the journal`).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/** An empty database on the driver: migrated with `migrate(folder)`, reopened later as the server opens it. */
async function emptyDatabase(driver: DatabaseDriver): Promise<{
  migrate(folder: string): Promise<Database>;
  release(): Promise<void>;
  reopen(): ReturnType<typeof openDatabase>;
  drop(): Promise<void>;
}> {
  if (driver === 'pglite') {
    // In memory, its data folder handed over as a dump: the same database the server would open from disk, at a
    // fraction of the time (every migration since 0004 runs again on reopening, and there are more each stage).
    let client: PGlite | undefined;
    let dump: File | Blob | undefined;
    return {
      async migrate(folder) {
        client = await PGlite.create({ extensions: { pg_trgm } });
        const db = drizzlePglite(client);
        await migratePglite(db, { migrationsFolder: folder });
        return db as unknown as Database;
      },
      async release() {
        if (client) dump = await client.dumpDataDir('none');
        await client?.close();
        client = undefined;
      },
      reopen: () => openDatabase({ databaseUrl: undefined, dataDir: os.tmpdir() }, { loadDataDir: dump }),
      drop: async () => undefined,
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `czo_test_${Date.now()}_migration`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query(statement, values);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  let pool: pg.Pool | undefined;
  return {
    async migrate(folder) {
      pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
      const db = drizzlePg(pool);
      await migratePg(db, { migrationsFolder: folder });
      return db as unknown as Database;
    },
    async release() {
      await pool?.end();
      pool = undefined;
    },
    reopen: () => openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() }),
    async drop() {
      // A pool's end() does not wait for its sessions to leave: wait, so the drop never has to terminate one.
      for (let i = 0; i < 40 && (await admin('select 1 from pg_stat_activity where datname = $1', [name])).rowCount; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

describe.each(testDrivers)('the state-checks migration on %s', (driver) => {
  let folder: string;
  beforeAll(() => {
    folder = migrationsBefore(STATE_CHECKS_MIGRATION);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('moves rejected site inspections back to editing, gives closed tickets a close reason, then checks every state', async () => {
    const database = await emptyDatabase(driver);
    try {
      const before = await database.migrate(folder);
      const inserted = rowsOf<Row>(
        await before.execute(sql`
          insert into tickets (kind, title, status, close_reason, site_name, address, customer_phone, category, phone_number, unique_id, purpose_of_assigning) values
            ('SITE_INSPECTION', 'Rejected inspection', 'REJECTED', null, 'Forum Mall', 'Hosur Road', null, null, null, null, null),
            ('SITE_INSPECTION', 'Closed inspection', 'CLOSED', null, 'Forum Mall', 'Hosur Road', null, null, null, null, null),
            ('SITE_INSPECTION', 'Closed inspection with a reason', 'CLOSED', 'TEST_BOOKING', 'Forum Mall', 'Hosur Road', null, null, null, null, null),
            ('CUSTOMER_SUPPORT', 'Closed support ticket', 'CLOSED', null, null, null, '9845022222', 'REFUND', null, null, null),
            ('INSTALLATION', 'Rejected installation', 'REJECTED', null, null, null, null, null, '9845033333', 'CZ00000001', 'INSTALLATION')
          returning id, title`),
      );
      await database.release();

      const after = await database.reopen();
      try {
        const byTitle = new Map(
          rowsOf<Row>(await after.db.execute(sql`select id, title, status, close_reason, version from tickets order by id`)).map((r) => [r.title, r]),
        );
        expect(Object.fromEntries([...byTitle].map(([title, r]) => [title, [r.status, r.close_reason, r.version]]))).toEqual({
          'Rejected inspection': ['PARTIALLY_FILLED', null, 1],
          'Closed inspection': ['CLOSED', 'SOURCE', 1],
          'Closed inspection with a reason': ['CLOSED', 'TEST_BOOKING', 0],
          'Closed support ticket': ['CLOSED', 'SOURCE', 1],
          'Rejected installation': ['REJECTED', null, 0],
        });
        const idOf = (title: string) => String(inserted.find((r) => r.title === title)!.id);
        const audit = rowsOf<Row>(await after.db.execute(sql`select entity_type, entity_id, action, from_state, to_state, changes from audit_log order by seq`));
        expect(audit).toEqual([
          { entity_type: 'site-inspection-tickets', entity_id: idOf('Rejected inspection'), action: 'migration', from_state: 'REJECTED', to_state: 'PARTIALLY_FILLED', changes: null },
          { entity_type: 'site-inspection-tickets', entity_id: idOf('Closed inspection'), action: 'migration', from_state: null, to_state: null, changes: { closeReason: { from: null, to: 'SOURCE' } } },
          { entity_type: 'customer-support-tickets', entity_id: idOf('Closed support ticket'), action: 'migration', from_state: null, to_state: null, changes: { closeReason: { from: null, to: 'SOURCE' } } },
        ]);
        const rejected = await after.db.execute(sql`insert into tickets (kind, title, status) values ('SITE_INSPECTION', 'Rejected again', 'REJECTED')`).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(sqlStateOf(rejected)).toBe('23514');
        // Orders gained their optimistic lock in the same migration.
        expect(rowsOf<Row>(await after.db.execute(sql`select column_default from information_schema.columns where table_name = 'orders' and column_name = 'version'`))).toEqual([{ column_default: '0' }]);
      } finally {
        await after.close();
      }
    } finally {
      await database.release();
      await database.drop();
    }
  }, 90_000);
});
