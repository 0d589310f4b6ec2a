// Property-based fuzzing of the whole API from its route registry: for every write route (resource create, update
// and activate, workflow transitions, ticket actions, comments, settlements, create charger, sign-in, pins) hostile
// bodies built from the route's own zod schema, and for every list query hostile query strings, sent as a Super
// Admin and as a Read Only user. Every answer must be below 500, every error answer application/problem+json, and a
// refused write must leave the audit log and the route's table as they were.
//
// And the OCPP central system, over real sockets on both drivers: hostile frames from one charger (connector ids and
// transaction ids out of range, readings out of range or not numbers, frames past the size limit) sent in the same
// batch window as three good chargers' messages. No answer may be InternalError, nothing of a refused frame may be
// stored, and every good charger's row must be.
//
// Bounded for CI (about 1,000 requests per driver: more runs per route took the file to a minute; the OCPP block about 36 frames per driver, a few seconds). FUZZ_RUNS=n multiplies the runs,
// FUZZ_SEED=n changes the seed:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test FUZZ_RUNS=10 npx vitest run tests/server/fuzz.test.ts
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import ocpp from 'ocpp-rpc';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketResource } from '@domain/resources/tickets/ticket';
import type { Resource } from '@domain/resource/define-resource';
import { resourceByName, resources } from '@domain/resource/registry';
import type { RegisteredRoute } from '@server/http/route-registry';
import { rowsOf } from '@server/db/rows';
import { createInProcessBus } from '@server/live/notification-bus';
import { createCentralSystem } from '@server/ocpp/central-system';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { quiet, until } from './support/live-charger';
import { sampleCreateBody, type SampleContext } from './support/sample-values';
import { call } from './support/test-app';
import { createTestDatabase, sweepDrivers, testDrivers } from './support/test-database';
import { useTestApp } from './support/use-test-app';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1));
const SEED = Number(process.env.FUZZ_SEED ?? 20260301);
/** Runs per route and caller (times FUZZ_RUNS). */
const runs = { adminBody: 3 * RUNS, readOnlyBody: 1 * RUNS, adminQuery: 3 * RUNS, readOnlyQuery: 1 * RUNS };

// Resources that decide who may sign in and what they may do: fuzzed with a made-up id, so a body that happens to be
// valid cannot lock the fuzzing users out halfway.
const SIGN_IN_RESOURCES = new Set(['users', 'czo-users', 'roles', 'user-roles']);
// Signing out would end the fuzzing session; the upload takes multipart, not JSON (its own tests cover it).
const SKIPPED_ROUTES = new Set(['POST /auth-service/czo/logout', 'POST /upload-service/generic-file-upload']);
const MISSING_ID = '987654321';

// ---- hostile values ------------------------------------------------------------------------------------------

/** JSON text put verbatim into a body (numbers JSON.stringify cannot write, nesting deeper than it recurses). */
class Raw {
  constructor(readonly text: string) {}
}

const deep = (depth: number, open: string, close: string, leaf: string) => new Raw(open.repeat(depth) + leaf + close.repeat(depth));

/** Text PostgreSQL cannot store, in the forms JSON can carry it. */
const unstorableString = fc.constantFrom('a\u0000b', '\u0000', 'Name\u0000', 'x\ud800', '\udfff', '\ud83d', 'a\udc00\ud800b');

const hostileString = fc.oneof(
  { weight: 2, arbitrary: unstorableString },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '%00',
      '\\u0000',
      "'; drop table users; --",
      '${7*7}{{7*7}}',
      '<script>alert(1)</script>',
      '../../../etc/passwd',
      '\u202eevil',
      '🔌⚡️👩🏽‍🔧',
      'ऊर्जा ಚಾರ್ಜ್ চার্জ',
      ' ',
      '',
      '\r\n\t\u0001\u001f\u007f',
      '9000000001',
      '2026-02-30',
      '00000000-0000-0000-0000-000000000000',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  // Up to 1.2 MB of UTF-8: some pass the 1 MiB body limit (413).
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 400_000 }).map((n) => 'ऊ'.repeat(n)) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), 2 ** 63, 1e21, 0.1, -1, -0, 5e-324, 2 ** 31, -(2 ** 31) - 1, 1e15 + 0.5, 0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(new Raw('1e400'), new Raw('-1e400'), new Raw('123456789012345678901234567890'), new Raw('1.0000000000000000000001')),
);

const hostileShape = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { '': null }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => new Array<number>(n).fill(7)),
  fc.integer({ min: 100, max: 50_000 }).map((d) => deep(d, '[', ']', '0')),
  fc.integer({ min: 100, max: 20_000 }).map((d) => deep(d, '{"a":', '}', '"\\u0000"')),
);

const hostileValue = fc.oneof(hostileString, hostileNumber, hostileShape);

const unknownKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'id', 'createdAt', 'updatedAt', 'createdBy', 'version', 'permissions', 'state', 'status', 'x\u0000', ''),
  fc.string({ maxLength: 12 }),
);

/** Sets an own enumerable property, also for "__proto__" (JSON.stringify then writes it as a plain key). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

/** JSON text of a body, with Raw parts written verbatim. */
function bodyText(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (value instanceof Raw) {
      raws.push(value.text);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    return value;
  });
  return (text ?? 'null').replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

// ---- bodies from the route's schema --------------------------------------------------------------------------

type JsonSchema = { [key: string]: unknown };

/** A plausible value of a JSON Schema (so that hostile values land next to otherwise sensible fields). */
function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'fuzz';
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return plausible(alternatives.find((a) => a.type !== 'null') ?? alternatives[0]);
  switch (schema.type) {
    case 'string':
      return schema.format === 'date' ? '2026-03-01' : schema.format === 'uuid' ? '00000000-0000-4000-8000-000000000001' : 'Fuzz value';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return null;
  }
}

/** Hostile values for a field of the given JSON Schema: mostly of its own type (so its checks run), or anything. */
function hostileFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = (schema?.anyOf ?? schema?.oneOf) as JsonSchema[] | undefined;
  const own = alternatives ? alternatives.find((a) => a.type !== 'null') : schema;
  const typed = ((): fc.Arbitrary<unknown> | undefined => {
    switch (own?.type) {
      case 'string':
        return hostileString;
      case 'integer':
      case 'number':
        return hostileNumber;
      case 'array':
        return depth < 2 ? fc.array(hostileFor(own.items as JsonSchema | undefined, depth + 1), { minLength: 1, maxLength: 3 }) : undefined;
      case 'object':
        return depth < 2 && own.properties ? objectsOf(own, depth + 1) : undefined;
      default:
        return undefined;
    }
  })();
  return typed ? fc.oneof({ weight: 3, arbitrary: typed }, { weight: 1, arbitrary: hostileValue }) : hostileValue;
}

/**
 * A body of the schema (`valid` when known, else plausible values) with one to three fields made hostile, and
 * sometimes an unknown key: on an otherwise valid body the hostile field is the only thing standing between the
 * request and the database.
 */
function objectsOf(schema: JsonSchema, depth: number, valid?: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const keys = Object.keys(properties);
  const base = valid ?? Object.fromEntries(keys.map((k) => [k, plausible(properties[k])]));
  const field = keys.length > 0 ? fc.constantFrom(...keys).chain((k) => hostileFor(properties[k], depth).map((v) => [k, v] as const)) : fc.constant(undefined);
  return fc
    .record({
      fields: fc.array(field, { minLength: 1, maxLength: 3 }),
      extra: fc.option(fc.tuple(unknownKey, hostileValue), { freq: 3 }),
      dropOthers: fc.boolean(),
    })
    .map(({ fields, extra, dropOthers }) => {
      const body: Record<string, unknown> = dropOthers ? {} : { ...base };
      for (const entry of fields) if (entry) put(body, entry[0], entry[1]);
      if (extra) put(body, extra[0], extra[1]);
      return body;
    });
}

/** Hostile bodies of a route: a whole hostile document, or a body (of a union branch) with hostile fields. */
function bodiesOf(schema: z.ZodType, valid?: Record<string, unknown>): fc.Arbitrary<unknown> {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return hostileValue;
  }
  const branches = (((json.anyOf ?? json.oneOf) as JsonSchema[] | undefined) ?? [json]).filter((b) => b.properties);
  if (branches.length === 0) return hostileFor(json);
  return fc.oneof({ weight: 1, arbitrary: hostileValue }, { weight: 5, arbitrary: fc.oneof(...branches.map((b) => objectsOf(b, 0, branches.length === 1 ? valid : undefined))) });
}

// ---- query strings -------------------------------------------------------------------------------------------

const hostileQueryValue = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%FF',
    '%C0%80',
    '%',
    '%zz',
    '-1',
    '99999999999999999999',
    '1e309',
    'NaN',
    'Infinity',
    '0x10',
    '%201',
    '1.5',
    'true',
    '%2C',
    'createdAt%2Cdesc%2Casc',
    'id%2Cup',
    '%5B%5D',
    '%7B%7D',
    "'%3B--",
    '',
  ),
  fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: 'binary-ascii', maxLength: 20 }).map(encodeURIComponent),
  fc.integer({ min: 100, max: 20_000 }).map((n) => 'a'.repeat(n)),
);

function queryKeysOf(schema: z.ZodType): string[] {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return Object.keys((json.properties ?? {}) as object);
  } catch {
    return [];
  }
}

function queriesOf(schema: z.ZodType): fc.Arbitrary<string> {
  const keys = queryKeysOf(schema);
  const key = keys.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: unknownKey.map(encodeURIComponent) }) : unknownKey.map(encodeURIComponent);
  return fc.array(fc.tuple(fc.oneof(key, fc.constantFrom('q[]', 'page[0]', 'size%00')), hostileQueryValue), { minLength: 1, maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

// ---- the run -------------------------------------------------------------------------------------------------

/** The resource whose API path the route is under (longest match), if any. */
function resourceOfRoute(route: RegisteredRoute): Resource | undefined {
  return resources
    .filter((r) => route.path === r.apiPath || route.path.startsWith(`${r.apiPath}/`))
    .sort((a, b) => b.apiPath.length - a.apiPath.length)[0];
}

describe.each(sweepDrivers)('hostile input on every write route and list query, on %s', (driver) => {
  const env = useTestApp(driver);
  const callers: Record<'admin' | 'readOnly', string> = { admin: '', readOnly: '' };
  const ids = new Map<string, string>();
  /** Valid bodies of resource create and update routes, by "METHOD path". */
  const validBodies = new Map<string, Record<string, unknown>>();
  const tally = { requests: 0, serverErrors: 0 };

  beforeAll(async () => {
    callers.admin = (await env.signInAs('9000000001')).authKey; // Super Admin
    callers.readOnly = (await env.signInAs('9000000006')).authKey; // Read Only
    for (const resource of resources) {
      if (SIGN_IN_RESOURCES.has(resource.name)) continue;
      const res = await env.t.app.request(`${resource.apiPath}?size=1`, { headers: { authorization: `Bearer ${callers.admin}` } });
      const first = res.status === 200 ? ((await res.json()) as { items: Record<string, unknown>[] }).items[0] : undefined;
      if (first) ids.set(resource.name, String(first[resource.idField]));
    }
    const lists = new Map<string, Promise<Record<string, unknown>[]>>();
    const listOf = (resource: Resource) => {
      let found = lists.get(resource.name);
      if (!found) {
        found = call(env.t, 'GET', `${resource.apiPath}?size=1000`, { authKey: callers.admin }).then((res) => (res.status === 200 ? (res.body.items as Record<string, unknown>[]) : []));
        lists.set(resource.name, found);
      }
      return found;
    };
    const ctx: SampleContext = {
      relationIds: async (name) => (await listOf(resourceByName(name))).map((item) => item[resourceByName(name).idField] as string | number),
      usedValues: async (resource, field) => new Set((await listOf(resource)).map((item) => JSON.stringify(item[field] ?? null))),
    };
    for (const resource of resources) {
      if (!resource.permissions.create || resource.createFields.length === 0) continue;
      try {
        const body = await sampleCreateBody(resource, ctx);
        validBodies.set(`POST ${resource.apiPath}`, body);
        const update = Object.fromEntries(Object.entries(body).filter(([k]) => resource.updateFields.includes(k)));
        if (Object.keys(update).length > 0) validBodies.set(`PUT ${resource.apiPath}/:id`, update);
      } catch {
        // No valid sample (every value of a unique field taken): that route is fuzzed from plausible values.
      }
    }
  });

  afterAll(() => {
    console.info(`[fuzz] ${driver}: ${tally.requests} requests, ${tally.serverErrors} answers 5xx (seed ${SEED}, FUZZ_RUNS ${RUNS})`);
  });

  /** The route's path with its parameters filled: a real record where harmless, else a made-up id. */
  function pathOf(route: RegisteredRoute): string {
    const resource = resourceOfRoute(route);
    const ticketRoute = route.path.startsWith('/ticket-service/admin/ticket/') || route.path.startsWith('/ticket-service/comment/');
    const id = ticketRoute ? ids.get(ticketResource.name) : resource && !SIGN_IN_RESOURCES.has(resource.name) ? ids.get(resource.name) : undefined;
    return route.path.replace(':type', ticketResource.name).replace(/:[A-Za-z]+/g, encodeURIComponent(id ?? MISSING_ID));
  }

  /** Rows that a refused write must not change: the audit log, and the route's own table. */
  async function fingerprint(route: RegisteredRoute): Promise<string> {
    const table = resourceOfRoute(route)?.table;
    const own = table ? sql`(select count(*) from ${sql.identifier(table)})::text` : sql`''`;
    const result = await env.database.db.execute(sql`select (select count(*) from audit_log)::text || '/' || (select coalesce(max(seq), 0) from audit_log)::text || '/' || ${own} as f`);
    return (((result as { rows?: unknown[] }).rows ?? result) as { f: string }[])[0]!.f;
  }

  async function send(method: string, path: string, authKey: string, body?: string): Promise<{ status: number; contentType: string | null; text: string }> {
    tally.requests += 1;
    const headers: Record<string, string> = { authorization: `Bearer ${authKey}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await env.t.app.request(path, { method, headers, body });
    if (res.status >= 500) tally.serverErrors += 1;
    return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
  }

  /** Checks one answer; the failure message names the request. */
  function checkAnswer(what: string, res: { status: number; contentType: string | null; text: string }): void {
    const where = `${what} → ${res.status} ${res.text.slice(0, 300)}`;
    expect(res.status, where).toBeLessThan(500);
    if (res.status >= 400) {
      expect(res.contentType, where).toBe('application/problem+json');
      expect((JSON.parse(res.text) as { status?: number }).status, where).toBe(res.status);
    }
  }

  /** Runs a property per route, collecting every route's failure (with fast-check's shrunk counterexample). */
  async function eachRoute(routes: readonly RegisteredRoute[], property: (route: RegisteredRoute, index: number) => Promise<void>): Promise<string[]> {
    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      try {
        await property(route, index);
      } catch (error) {
        failures.push(`${route.method} ${route.path}: ${(error as Error).message.slice(0, 2000)}`);
      }
    }
    return failures;
  }

  const writeRoutes = () => env.t.registry.routes.filter((r) => r.body && !SKIPPED_ROUTES.has(`${r.method} ${r.path}`));
  const queryRoutes = () => env.t.registry.routes.filter((r) => r.method === 'GET' && r.query);

  it('answers hostile bodies on every write route below 500, as problem+json, changing nothing when refused', { timeout: 300_000 }, async () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(150);
    expect(validBodies.size, 'valid bodies of resource create and update routes').toBeGreaterThan(60);
    expect(routes.some((r) => r.path.endsWith('/:id/transition'))).toBe(true);
    expect(routes.some((r) => r.path.startsWith('/ticket-service/admin/ticket/'))).toBe(true);
    const failures = await eachRoute(routes, async (route, index) => {
      const path = pathOf(route);
      for (const [caller, numRuns] of [['admin', runs.adminBody], ['readOnly', runs.readOnlyBody]] as const) {
        await fc.assert(
          fc.asyncProperty(bodiesOf(route.body!, validBodies.get(`${route.method} ${route.path}`)), async (body) => {
            const text = bodyText(body);
            const before = await fingerprint(route);
            const res = await send(route.method, path, callers[caller], text);
            const what = `${caller} ${route.method} ${path} ${text.slice(0, 200)}`;
            checkAnswer(what, res);
            if (res.status >= 400) expect(await fingerprint(route), `${what}: a refusal changed rows`).toBe(before);
          }),
          { numRuns, seed: SEED + index },
        );
      }
    });
    expect(failures).toEqual([]);
  });

  it('answers hostile query strings on every list below 500, as problem+json', { timeout: 300_000 }, async () => {
    const routes = queryRoutes();
    expect(routes.length).toBeGreaterThan(62);
    const failures = await eachRoute(routes, async (route, index) => {
      const path = pathOf(route);
      for (const [caller, numRuns] of [['admin', runs.adminQuery], ['readOnly', runs.readOnlyQuery]] as const) {
        await fc.assert(
          fc.asyncProperty(queriesOf(route.query!), async (query) => {
            const res = await send('GET', `${path}?${query}`, callers[caller]);
            checkAnswer(`${caller} GET ${path}?${query.slice(0, 200)}`, res);
          }),
          { numRuns, seed: SEED + 1000 + index },
        );
      }
    });
    expect(failures).toEqual([]);
  });
});

// ---- OCPP frames ---------------------------------------------------------------------------------------------

const { RPCClient } = ocpp as unknown as {
  RPCClient: new (options: Record<string, unknown>) => {
    connect(): Promise<unknown>;
    call(method: string, params?: unknown): Promise<unknown>;
    sendRaw(frame: string): void;
    close(options?: { force?: boolean }): Promise<unknown>;
    on(event: string, cb: (event: never) => void): void;
  };
};

/** Integers a charger may send where an id or a register is expected: out of range mostly, sometimes fine. */
const hostileInteger = fc.oneof(
  fc.constantFrom(-5, -1, 0, 1, 2, 2 ** 31 - 1, 2 ** 31, 99_999_999_999, 2 ** 53 + 2, -(2 ** 63), 1e21, 1.5),
  fc.integer(),
  fc.integer({ min: 0, max: 3 }),
);
/** A reading's text: numbers out of range, not numbers, and a few plausible ones. */
const hostileReading = fc.oneof(
  fc.constantFrom('-1e20', '-1', '1e400', 'NaN', 'Infinity', 'abc', '', '0x10', '1e13', '1000', '12.5', '99999999999999999999'),
  fc.double({ noNaN: true }).map(String),
);
const measurand = fc.constantFrom('Energy.Active.Import.Register', 'Power.Active.Import', 'Current.Import', 'Voltage', 'SoC', 'Temperature');
const unit = fc.constantFrom('Wh', 'kWh', 'W', 'kW', 'A', 'V', 'Percent');
const stamp = () => new Date().toISOString();

/** One hostile call of the charger: its method and params. */
type OcppCall = [method: string, params: Record<string, unknown>];
const hostileCall: fc.Arbitrary<OcppCall> = fc.oneof(
  hostileInteger.map((connectorId): OcppCall => ['StatusNotification', { connectorId, status: 'Unavailable', errorCode: 'NoError', timestamp: stamp() }]),
  fc.record({ connectorId: hostileInteger, value: hostileReading, measurand, unit, transactionId: fc.option(hostileInteger, { nil: undefined }) }).map(({ connectorId, value, measurand: m, unit: u, transactionId }): OcppCall => [
    'MeterValues',
    { connectorId, ...(transactionId === undefined ? {} : { transactionId }), meterValue: [{ timestamp: stamp(), sampledValue: [{ value, measurand: m, unit: u }] }] },
  ]),
  fc.record({ connectorId: hostileInteger, meterStart: hostileInteger }).map(({ connectorId, meterStart }): OcppCall => ['StartTransaction', { connectorId, meterStart, idTag: 'FUZZ-NO-CARD', timestamp: stamp() }]),
  fc.record({ transactionId: hostileInteger, meterStop: hostileInteger, value: hostileReading }).map(({ transactionId, meterStop, value }): OcppCall => [
    'StopTransaction',
    { transactionId, meterStop, timestamp: stamp(), transactionData: [{ timestamp: stamp(), sampledValue: [{ value }] }] },
  ]),
);

describe.each(testDrivers)('hostile OCPP frames beside good chargers, on %s', (driver) => {
  /** This central system's frame limit: small, so frames past it stay small too. */
  const maxFrameBytes = 16_384;
  const state = {} as {
    database: Awaited<ReturnType<typeof createTestDatabase>>;
    close: () => Promise<void>;
    url: string;
    bad: { id: number; box: string };
    good: { id: number; sim: SimulatedCharger }[];
  };
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await state.database.db.execute(query));
  /** The rows a refused frame of the bad charger must not add: its connectors, meter values and transactions. */
  const stored = async (chargerId: number) =>
    (
      await q<{ f: string }>(
        sql`select (select count(*) from ocpp_connectors where charger_id = ${chargerId})::text || '/' || (select count(*) from ocpp_meter_values where charger_id = ${chargerId})::text || '/' || (select count(*) from charger_transactions where charger_id = ${chargerId})::text as f`,
      )
    )[0]!.f;
  const rawCharger = async () => {
    const client = new RPCClient({ endpoint: state.url, identity: state.bad.box, password: DEV_CHARGER_PASSWORD, protocols: ['ocpp1.6'], reconnect: false, callTimeoutMs: 5_000 });
    const closed = new Promise<number>((resolve) => client.on('close', (event: never) => resolve((event as { code: number }).code)));
    await client.connect();
    return { client, closed };
  };

  beforeAll(async () => {
    const database = await createTestDatabase(driver);
    const bus = createInProcessBus();
    // A rate far above the fuzzing's, which would otherwise close the bad charger for too many messages.
    const central = createCentralSystem({ db: database.db, bus, logger: quiet, callTimeoutMs: 5_000, maxFrameBytes, ratePerSecond: 10_000, rateBurst: 10_000 });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: () => new Response(null, { status: 404 }), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    server.on('upgrade', (req, socket, head) => central.handleUpgrade(req, socket, head));
    state.database = database;
    state.url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ocpp`;
    const boxes = rowsOf<{ id: number; charger_box_id: string }>(
      await database.db.execute(sql`select id, charger_box_id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null and jsonb_array_length(sockets) = 1 order by id limit 4`),
    ).map((r) => ({ id: Number(r.id), box: r.charger_box_id }));
    expect(boxes).toHaveLength(4);
    state.bad = boxes[0]!;
    state.good = boxes.slice(1).map((b) => ({ id: b.id, sim: new SimulatedCharger({ url: state.url, identity: b.box, password: DEV_CHARGER_PASSWORD, backoff: { initialDelay: 100, maxDelay: 300 }, callTimeoutMs: 5_000 }) }));
    for (const g of state.good) await g.sim.start();
    for (const g of state.good) await until(() => q<{ n: number }>(sql`select count(*)::int as n from ocpp_connectors where charger_id = ${g.id}`), (r) => Number(r[0]?.n) === 2);
    state.close = async () => {
      await Promise.all(state.good.map((g) => g.sim.stop()));
      await central.close();
      await new Promise<void>((r) => server.close(() => r()));
      await bus.close();
      await database.close();
    };
  });
  afterAll(() => state.close?.());

  it('answers every hostile frame with no InternalError, stores nothing of a refused one, and stores the good chargers’ rows of the same batch', { timeout: 120_000 }, async () => {
    const { client, closed } = await rawCharger();
    let round = 0;
    try {
      await fc.assert(
        fc.asyncProperty(hostileCall, async ([method, params]) => {
          round += 1;
          const value = ['Available', 'Preparing', 'Unavailable'][round % 3]!;
          const meters = await Promise.all(state.good.map((g) => q<{ n: number }>(sql`select count(*)::int as n from ocpp_meter_values where charger_id = ${g.id}`)));
          const before = await stored(state.bad.id);
          const [answer, ...good] = await Promise.all([
            client.call(method, params).then(
              () => ({ code: null as string | null }),
              (error: { rpcErrorCode?: string }) => ({ code: error.rpcErrorCode ?? 'none' }),
            ),
            ...state.good.flatMap((g, i) => [
              g.sim.call('StatusNotification', { connectorId: 1, status: value, errorCode: 'NoError', timestamp: stamp() }),
              g.sim.call('MeterValues', { connectorId: 1, meterValue: [{ timestamp: stamp(), sampledValue: [{ value: String(1_000 * round + i), unit: 'Wh' }] }] }),
            ]),
          ]);
          const what = `${method} ${JSON.stringify(params)} → ${answer.code ?? 'answered'}`;
          expect(answer.code, what).not.toBe('InternalError');
          if (answer.code !== null) expect(await stored(state.bad.id), `${what}: a refused frame stored rows`).toBe(before);
          expect(good, what).toEqual([{}, {}, {}, {}, {}, {}]);
          for (const [i, g] of state.good.entries()) {
            const [row] = await q<{ status: string }>(sql`select status from ocpp_connectors where charger_id = ${g.id} and connector_id = 1`);
            expect(row!.status, what).toBe(value);
            const [n] = await q<{ n: number }>(sql`select count(*)::int as n from ocpp_meter_values where charger_id = ${g.id}`);
            expect(Number(n!.n), what).toBe(Number(meters[i]![0]!.n) + 1);
          }
        }),
        { numRuns: 30 * RUNS, seed: SEED + 5_000 },
      );
    } finally {
      await client.close({ force: true });
      await closed;
    }
  });

  it('closes a frame past the size limit (1009) unread and answers a frame within it, never echoing it back', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: maxFrameBytes / 2, max: maxFrameBytes * 8 }), fc.boolean(), async (size, valid) => {
        const { client, closed } = await rawCharger();
        const replies: string[] = [];
        client.on('message', (event: never) => {
          const e = event as { message: Buffer | string; outbound: boolean };
          if (!e.outbound) replies.push(e.message.toString());
        });
        // A DataTransfer of about `size` bytes, or the same bytes as a call no schema allows.
        const filler = 'ऊ'.repeat(Math.max(1, Math.floor((size - 80) / 3)));
        const frame = JSON.stringify(valid ? [2, 'fuzz-big', 'DataTransfer', { vendorId: 'FUZZ', data: filler }] : [2, 'fuzz-big', 'StatusNotification', { connectorId: filler }]);
        const bytes = Buffer.byteLength(frame);
        client.sendRaw(frame);
        if (bytes > maxFrameBytes) {
          expect(await closed, `${bytes} bytes`).toBe(1009);
          return;
        }
        const [reply] = await until(async () => replies, (list) => list.length > 0, 5_000);
        expect(reply, `${bytes} bytes`).toBeDefined();
        expect(reply!.length, `${bytes} bytes: ${reply!.slice(0, 200)}`).toBeLessThan(500);
        expect(JSON.parse(reply!)[0]).toBe(valid ? 3 : 4);
        await client.close({ force: true });
        await closed;
      }),
      { numRuns: 6 * RUNS, seed: SEED + 6_000 },
    );
  });
});
